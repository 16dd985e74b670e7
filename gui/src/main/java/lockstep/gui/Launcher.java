package lockstep.gui;

import lockstep.simulator.cli.LockstepCommand;

/** The {@code lockstep} command: every headless command, and (soon) the window. A plain class, not an Application. */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        System.exit(LockstepCommand.commandLine().execute(args));
    }
}
