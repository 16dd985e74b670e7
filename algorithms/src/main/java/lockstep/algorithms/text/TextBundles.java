package lockstep.algorithms.text;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** The registry of bundles: every base name that a {@link TextBundleRegistration} on the class path names. */
public final class TextBundles {

    private TextBundles() {
    }

    /** Every registered base name, sorted. */
    public static List<String> registered() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(TextBundleRegistration.class, TextBundles.class.getClassLoader())
                .forEach(registration -> names.addAll(registration.baseNames()));
        names.sort(null);
        return names;
    }
}
