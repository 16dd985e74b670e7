package lockstep.algorithms.user;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.zookeeper.ZooKeeper;

/**
 * Turns a {@code --lock} argument into a {@link LockClass}: {@code FILE.java} is compiled in this JVM with the JDK's own
 * compiler against the ZooKeeper, Curator and Lockstep classes Lockstep runs with; {@code FILE.jar[:CLASS]} is loaded
 * as it is. Either way the class is checked against the contract before anything runs, and what is wrong is said in
 * one line with the user's file and line where there is one.
 */
public final class LockFiles {

    static final String CONTRACT = "a public class implementing org.apache.curator.framework.recipes.locks"
            + ".InterProcessLock, or with public readLock() and writeLock() returning one";
    static final String CONSTRUCTORS = "a public constructor (org.apache.zookeeper.ZooKeeper, String lockPath) or"
            + " (org.apache.curator.framework.CuratorFramework, String lockPath)";

    private LockFiles() {
    }

    /** Loads and checks the lock named by a {@code --lock} argument. */
    public static LockClass load(String option) throws UserLockRefused {
        String given = option.strip();
        if (given.endsWith(".java")) {
            return fromSource(given);
        }
        int colon = given.lastIndexOf(':');
        if (colon > 0 && given.substring(0, colon).endsWith(".jar")) {
            return fromJar(given, given.substring(0, colon), Optional.of(given.substring(colon + 1).strip()));
        }
        if (given.endsWith(".jar")) {
            return fromJar(given, given, Optional.empty());
        }
        throw new UserLockRefused(given, "not a lock file (expected FILE.java, FILE.jar or FILE.jar:CLASS)");
    }

    // ---- a source file -------------------------------------------------------------------------------------------

    private static LockClass fromSource(String given) throws UserLockRefused {
        Path file = Path.of(given);
        if (!Files.isRegularFile(file)) {
            throw new UserLockRefused(given, "no such file (expected a Java source file with your lock class)");
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new UserLockRefused(given, "this Java runtime has no compiler (expected Lockstep to run on a JDK,"
                    + " or the lock compiled into a jar: --lock FILE.jar)");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, byte[]> classes = new HashMap<>();
        Map<String, String> declaredAt = new HashMap<>();
        List<String> topLevel = new ArrayList<>();
        try (StandardJavaFileManager standard = compiler.getStandardFileManager(diagnostics, Locale.ENGLISH,
                java.nio.charset.StandardCharsets.UTF_8)) {
            JavaFileManager inMemory = new InMemoryClasses(standard, classes);
            List<String> options = List.of("-classpath", apiClassPath(), "-g", "-proc:none", "-implicit:none",
                    "-Xlint:none", "-nowarn", "-encoding", "UTF-8");
            JavacTask task = (JavacTask) compiler.getTask(null, inMemory, diagnostics, options, null,
                    standard.getJavaFileObjects(file));
            Iterable<? extends CompilationUnitTree> units = task.parse();
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : units) {
                String pkg = unit.getPackageName() == null ? "" : unit.getPackageName() + ".";
                for (Tree type : unit.getTypeDecls()) {
                    if (type instanceof ClassTree declared) {
                        String name = pkg + declared.getSimpleName();
                        topLevel.add(name);
                        long at = positions.getStartPosition(unit, declared);
                        long line = unit.getLineMap().getLineNumber(at);
                        long column = unit.getLineMap().getColumnNumber(at);
                        declaredAt.put(name, given + ":" + line + ":" + column);
                    }
                }
            }
            boolean analysed = task.analyze() != null && firstError(diagnostics).isEmpty();
            if (analysed) {
                task.generate();
            }
        } catch (IOException e) {
            throw new UserLockRefused(given, "cannot be read: " + e.getMessage() + " (expected a readable Java"
                    + " source file)");
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new UserLockRefused(given, "cannot be compiled: " + e.getMessage() + " (expected a Java source"
                    + " file)");
        }
        Optional<Diagnostic<? extends JavaFileObject>> error = firstError(diagnostics);
        if (error.isPresent()) {
            Diagnostic<? extends JavaFileObject> first = error.get();
            long errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .count();
            String more = errors > 1 ? "; " + (errors - 1) + " more error" + (errors > 2 ? "s" : "") : "";
            throw new UserLockRefused(given + ":" + first.getLineNumber() + ":" + first.getColumnNumber(),
                    oneLine(first.getMessage(Locale.ENGLISH)) + " (expected a class that compiles against"
                            + " ZooKeeper " + org.apache.zookeeper.Version.getVersion().replaceFirst("[-+ ].*", "")
                            + " and Curator 5" + more + ")");
        }
        LockClassLoader loader = new LockClassLoader(new URL[0], classes, LockFiles.class.getClassLoader());
        String fileClass = file.getFileName().toString().replaceFirst("\\.java$", "");
        String chosen = topLevel.stream().filter(n -> n.equals(fileClass) || n.endsWith("." + fileClass)).findFirst()
                .orElse(topLevel.isEmpty() ? null : topLevel.get(0));
        if (chosen == null) {
            throw new UserLockRefused(given + ":1:1", "declares no class (expected " + CONTRACT + ")");
        }
        Class<?> type;
        try {
            type = Class.forName(chosen, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UserLockRefused(declaredAt.get(chosen), "class " + chosen + " cannot be loaded: " + e
                    + " (expected " + CONTRACT + ")");
        }
        return check(type, given, declaredAt.get(chosen), loader);
    }

    /** The jars (or class folders) of ZooKeeper, Curator and Lockstep that this JVM runs with. */
    static String apiClassPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> anchor : List.of(ZooKeeper.class, org.apache.jute.Record.class, CuratorFramework.class,
                org.apache.curator.CuratorZookeeperClient.class, InterProcessLock.class, LockFiles.class,
                org.slf4j.Logger.class)) {
            try {
                URI location = anchor.getProtectionDomain().getCodeSource().getLocation().toURI();
                entries.add(Path.of(location).toString());
            } catch (Exception unknown) {
                // A class without a code source (none on a plain class path): the rest of the class path covers it.
            }
        }
        String own = System.getProperty("java.class.path", "");
        if (!own.isBlank()) {
            entries.add(own);
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static Optional<Diagnostic<? extends JavaFileObject>> firstError(
            DiagnosticCollector<JavaFileObject> diagnostics) {
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    private static String oneLine(String message) {
        return message.strip().replaceAll("\\s*\\R\\s*", "; ");
    }

    /** Keeps the compiled classes in memory: nothing is written next to the user's file. */
    private static final class InMemoryClasses extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<String, byte[]> classes;

        InMemoryClasses(StandardJavaFileManager standard, Map<String, byte[]> classes) {
            super(standard);
            this.classes = classes;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension),
                    kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() {
                            classes.put(className, toByteArray());
                        }
                    };
                }
            };
        }
    }

    // ---- a jar ----------------------------------------------------------------------------------------------------

    private static LockClass fromJar(String given, String jarName, Optional<String> className)
            throws UserLockRefused {
        Path jar = Path.of(jarName);
        if (!Files.isRegularFile(jar)) {
            throw new UserLockRefused(jarName, "no such file (expected a jar with your lock class)");
        }
        LockClassLoader loader;
        List<String> names = new ArrayList<>();
        try (JarFile opened = new JarFile(jar.toFile())) {
            loader = new LockClassLoader(new URL[] {jar.toUri().toURL()}, Map.of(), LockFiles.class.getClassLoader());
            for (JarEntry entry : java.util.Collections.list(opened.entries())) {
                String name = entry.getName();
                if (name.endsWith(".class") && !name.endsWith("module-info.class")
                        && !name.startsWith("META-INF/")) {
                    names.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
                }
            }
        } catch (IOException e) {
            throw new UserLockRefused(jarName, "cannot be read as a jar: " + e.getMessage()
                    + " (expected a jar file)");
        }
        if (className.isPresent()) {
            String wanted = className.get();
            String found = names.stream().filter(n -> n.equals(wanted) || n.endsWith("." + wanted)).findFirst()
                    .orElseThrow(() -> new UserLockRefused(given, "no class " + wanted + " in " + jarName
                            + " (expected one of " + String.join(", ", names) + ")"));
            return check(load(found, loader, given), given, jarName + ":" + found, loader);
        }
        List<Class<?>> locks = new ArrayList<>();
        for (String name : names) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                if (Modifier.isPublic(type.getModifiers()) && !type.isInterface()
                        && !Modifier.isAbstract(type.getModifiers()) && kindOf(type) != null) {
                    locks.add(type);
                }
            } catch (ClassNotFoundException | LinkageError skipped) {
                // A class that does not load here is not the lock (it may need a library the jar does not bring).
            }
        }
        if (locks.size() != 1) {
            throw new UserLockRefused(jarName, (locks.isEmpty() ? "no lock class in it"
                    : "several lock classes in it: " + String.join(", ", locks.stream().map(Class::getName).toList()))
                    + " (expected " + (locks.isEmpty() ? CONTRACT : "FILE.jar:CLASS naming one") + ")");
        }
        return check(locks.get(0), given, jarName + ":" + locks.get(0).getName(), loader);
    }

    private static Class<?> load(String name, ClassLoader loader, String given) throws UserLockRefused {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UserLockRefused(given, "class " + name + " cannot be loaded: " + e
                    + " (expected a class whose dependencies are in the jar, ZooKeeper or Curator)");
        }
    }

    // ---- the contract ---------------------------------------------------------------------------------------------

    /** "mutex", "readwrite", or null when the class is not a lock. */
    static String kindOf(Class<?> type) {
        if (InterProcessLock.class.isAssignableFrom(type)) {
            return "mutex";
        }
        return returnsALock(type, "readLock") && returnsALock(type, "writeLock") ? "readwrite" : null;
    }

    private static boolean returnsALock(Class<?> type, String method) {
        try {
            Method side = type.getMethod(method);
            return InterProcessLock.class.isAssignableFrom(side.getReturnType());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static LockClass check(Class<?> type, String given, String where, LockClassLoader loader)
            throws UserLockRefused {
        String simple = type.getSimpleName();
        if (!Modifier.isPublic(type.getModifiers()) || type.isInterface() || Modifier.isAbstract(type.getModifiers())
                || type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
            throw new UserLockRefused(where, "class " + simple + " cannot be made: it is not a public concrete"
                    + " class (expected " + CONTRACT + ")");
        }
        String kind = kindOf(type);
        if (kind == null) {
            throw new UserLockRefused(where, "class " + simple + " is not a lock (expected " + CONTRACT + ")");
        }
        Constructor<?> onZooKeeper = constructor(type, ZooKeeper.class);
        Constructor<?> onCurator = constructor(type, CuratorFramework.class);
        if (onZooKeeper == null && onCurator == null) {
            throw new UserLockRefused(where, "class " + simple + " has no constructor Lockstep can call (expected "
                    + CONSTRUCTORS + ")");
        }
        return new LockClass(simple, given, type, onZooKeeper != null ? onZooKeeper : onCurator,
                onZooKeeper == null, kind.equals("readwrite"), loader);
    }

    private static Constructor<?> constructor(Class<?> type, Class<?> session) {
        try {
            Constructor<?> found = type.getConstructor(session, String.class);
            return Modifier.isPublic(found.getModifiers()) ? found : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
