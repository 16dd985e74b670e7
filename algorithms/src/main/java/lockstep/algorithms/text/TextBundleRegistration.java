package lockstep.algorithms.text;

import java.util.List;

/**
 * How a module makes its bundles known: one implementation per module, named in
 * {@code META-INF/services/lockstep.algorithms.text.TextBundleRegistration}. The key-completeness test checks every
 * registered bundle in every language, and fails on a translated file that no registration names.
 */
public interface TextBundleRegistration {

    /** The base names of this module's bundles, e.g. {@code lockstep.simulator.text.cli}. */
    List<String> baseNames();
}
