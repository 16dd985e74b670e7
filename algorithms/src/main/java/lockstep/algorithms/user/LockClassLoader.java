package lockstep.algorithms.user;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads a user's lock classes: compiled in memory from a source file, or from a jar. ZooKeeper, Curator and Lockstep
 * come from the parent (the application's loader), so the handle Lockstep gives the user's class is the very type its
 * constructor asks for. It remembers which classes it defined: a thread parked inside one of them is parked in the
 * user's code.
 */
final class LockClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Map<String, byte[]> compiled;
    private final Set<String> defined = ConcurrentHashMap.newKeySet();

    LockClassLoader(URL[] jars, Map<String, byte[]> compiled, ClassLoader parent) {
        super(jars, parent);
        this.compiled = Map.copyOf(compiled);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = compiled.get(name);
        Class<?> found = bytes != null ? defineClass(name, bytes, 0, bytes.length) : super.findClass(name);
        defined.add(name);
        return found;
    }

    /** True when {@code className} is one of the user's classes that this loader defined. */
    boolean defines(String className) {
        return defined.contains(className);
    }

    /** The names of the classes compiled from source (empty for a jar). */
    Set<String> compiledNames() {
        return compiled.keySet();
    }
}
