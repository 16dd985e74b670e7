package lockstep.simulator.fault;

import lockstep.simulator.text.SimulatorTexts;

/**
 * A fault's description in the current language. {@link Fault#description()} stays the English one (JSON, docs);
 * the bundle's English says the same (a test keeps them equal), zh and ru translate it.
 */
public final class FaultTexts {

    private FaultTexts() {
    }

    /** What {@code fault} does, in the current language. */
    public static String description(Fault fault) {
        return SimulatorTexts.text("fault." + fault.name() + ".description");
    }
}
