package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.text.Texts;
import lockstep.simulator.BadInputException;
import lockstep.simulator.files.CannotWrite;
import lockstep.simulator.files.SafeFiles;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The house rule for errors: bad input is ONE line on stderr and exit code 2; an unexpected exception is one line and
 * exit code 3 (its stack trace only when debugging); a heap that ran out, in the command's thread or in a worker whose
 * failure reached it, is one line saying how to give more and exit code 4. picocli's own usage dump on error is never
 * printed.
 */
final class OneLineErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        // The line speaks the --lang of the command line, when the rest of it did not parse.
        CommandLine root = cmd.getCommandSpec().root().commandLine();
        return LanguageChoice.in(root, LanguageChoice.chosen(args).orElse(Texts.language()), () -> {
            print(cmd, cmd.getCommandSpec().qualifiedName() + ": " + describe(ex));
            return LockstepCommand.BAD_INPUT;
        });
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        CommandLine root = cmd.getCommandSpec().root().commandLine();
        return LanguageChoice.in(root, LanguageChoice.chosen(parseResult).orElse(Texts.language()),
                () -> handle(ex, cmd, parseResult));
    }

    private int handle(Exception ex, CommandLine cmd, ParseResult parseResult) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                return outOfMemory(cmd);
            }
        }
        if (ex instanceof BadInputException || ex instanceof CannotWrite) {
            print(cmd, ex.getMessage());
            return LockstepCommand.BAD_INPUT;
        }
        IOException environment = ex instanceof IOException io ? io
                : ex instanceof UncheckedIOException unchecked ? unchecked.getCause() : null;
        if (environment != null) {
            // The system refused (no space, a read-only place, a closed connection): not a bug of Lockstep's.
            String file = environment instanceof FileSystemException system && system.getFile() != null
                    ? system.getFile() + ": " : "";
            print(cmd, text("write.environment", file + SafeFiles.cause(environment)));
            return LockstepCommand.BAD_INPUT;
        }
        String message = ex.getMessage() == null || ex.getMessage().isBlank() ? ex.getClass().getName()
                : ex.getClass().getSimpleName() + ": " + ex.getMessage();
        print(cmd, text("error.internal", message));
        if (debugging(parseResult)) {
            ex.printStackTrace(cmd.getErr());
            cmd.getErr().flush();
        }
        return LockstepCommand.INTERNAL_ERROR;
    }

    /**
     * Runs {@code next}, then makes sure what it printed on standard output got there: a PrintStream swallows its
     * write errors (a full device, a closed pipe), which would otherwise end in exit 0 with the output lost. Such a
     * loss is one line on stderr and exit code 2, but for a pipe its reader closed ({@link StandardOutput}): that
     * ends quietly, with the command's own exit code.
     */
    static IExecutionStrategy checkingOutput(IExecutionStrategy next) {
        return parseResult -> {
            CommandLine leaf = parseResult.commandSpec().commandLine();
            for (ParseResult result = parseResult; result != null; result = result.subcommand()) {
                leaf = result.commandSpec().commandLine();
            }
            int exit;
            try {
                exit = next.execute(parseResult);
            } catch (OutOfMemoryError heap) {
                // picocli passes an Error through: caught here, where the command's objects are garbage already.
                return outOfMemory(leaf);
            }
            boolean lost = leaf.getOut().checkError() | System.out.checkError();
            if (lost && StandardOutput.readerClosedThePipe()) {
                return exit; // the reader stopped reading (| head): the Unix way, quietly, with the command's code
            }
            if (lost) {
                print(leaf, text("write.stdoutFailed"));
                return LockstepCommand.BAD_INPUT;
            }
            return exit;
        };
    }

    /** What went wrong with the command line, in one line without the command's name. */
    static String describe(ParameterException ex) {
        CommandLine cmd = ex.getCommandLine();
        if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            if (first.startsWith("-") && first.length() > 1) {
                String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
                return text("error.unknownOption", name, String.join(", ", optionNames(cmd)));
            }
            if (!cmd.getSubcommands().isEmpty()) {
                return text("error.unknownCommand", first, String.join(", ", visibleCommands(cmd)));
            }
            return text("error.unexpectedArgument", first, expectedArguments(cmd));
        }
        if (ex instanceof MissingParameterException missing && !missing.getMissing().isEmpty()) {
            ArgSpec arg = missing.getMissing().get(0);
            if (arg instanceof OptionSpec option) {
                return text("error.missingValue", option.longestName(), firstLine(option.description()));
            }
            return text("error.missingParameter", arg.paramLabel(), firstLine(arg.description()));
        }
        if (ex.getCause() instanceof TypeConversionException conversion && ex.getArgSpec() != null) {
            return name(ex.getArgSpec()) + ": " + conversion.getMessage();
        }
        if (ex instanceof BadOption bad) {
            return bad.option + ": " + bad.getMessage();
        }
        return oneLine(ex.getMessage());
    }

    /** A ParameterException raised by a command after parsing: an option's value that parsed but does not fit. */
    static final class BadOption extends ParameterException {
        private static final long serialVersionUID = 1L;
        final String option;

        BadOption(CommandLine cmd, String option, String message) {
            super(cmd, message);
            this.option = option;
        }
    }

    /** The subcommands a user is told about: hidden ones (a developer's benchmark) stay hidden here too. */
    static List<String> visibleCommands(CommandLine cmd) {
        List<String> names = new ArrayList<>();
        cmd.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                names.add(name);
            }
        });
        return names;
    }

    private static List<String> optionNames(CommandLine cmd) {
        List<String> names = new ArrayList<>();
        for (OptionSpec option : cmd.getCommandSpec().options()) {
            if (!option.hidden()) {
                names.add(option.longestName());
            }
        }
        return names;
    }

    private static String expectedArguments(CommandLine cmd) {
        var positionals = cmd.getCommandSpec().positionalParameters();
        if (positionals.isEmpty()) {
            return text("error.noArguments");
        }
        List<String> labels = new ArrayList<>();
        positionals.forEach(p -> labels.add(p.paramLabel()));
        return text("error.expectedOnly", String.join(" ", labels));
    }

    private static String name(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
    }

    private static String firstLine(String[] description) {
        if (description.length == 0) {
            return text("error.seeHelp");
        }
        String text = description[0].strip();
        text = text.endsWith(".") || text.endsWith("。") ? text.substring(0, text.length() - 1) : text;
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    private static String oneLine(String message) {
        if (message == null) {
            return text("error.invalidCommandLine");
        }
        String text = message.strip().replaceAll("\\s*\\R\\s*", " ");
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    private static boolean debugging(ParseResult parseResult) {
        if (Boolean.getBoolean(LockstepCommand.DEBUG_PROPERTY)) {
            return true;
        }
        for (ParseResult result = parseResult; result != null; result = result.subcommand()) {
            if (result.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The heap ran out: one line with the heap there was and the option that gives twice as much (at least 2 GB), exit
     * code {@link LockstepCommand#OUT_OF_MEMORY}.
     */
    static int outOfMemory(CommandLine cmd) {
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        long more = Math.max(2, (2 * mb + 1023) / 1024);
        print(cmd, text("error.outOfMemory", cmd.getCommandSpec().qualifiedName(), Long.toString(mb), more + "g"));
        return LockstepCommand.OUT_OF_MEMORY;
    }

    private static void print(CommandLine cmd, String line) {
        PrintWriter err = cmd.getErr();
        err.println(Printable.line(line.replaceAll("\\s*\\R\\s*", " ")));
        err.flush();
    }
}
