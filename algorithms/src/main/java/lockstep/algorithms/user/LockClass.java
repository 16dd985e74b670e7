package lockstep.algorithms.user;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

import org.apache.curator.framework.recipes.locks.InterProcessLock;

import lockstep.algorithms.LockMode;

/**
 * A user's lock class that meets the contract: Curator's {@link InterProcessLock} (or a read/write lock whose
 * {@code readLock()} and {@code writeLock()} return one), with a public constructor taking a ZooKeeper handle or a
 * CuratorFramework, and the lock's path.
 *
 * @param name       the class's simple name: what lanes, traces and the registry call it
 * @param option     the {@code --lock} argument as the user gave it, to repeat in printed commands
 * @param type       the class
 * @param onCurator  true when the constructor takes a CuratorFramework, false for a plain ZooKeeper handle
 * @param readWrite  true for a read/write lock (readLock()/writeLock())
 */
public record LockClass(String name, String option, Class<?> type, Constructor<?> constructor, boolean onCurator,
                        boolean readWrite, LockClassLoader loader) {

    /** A new lock object on {@code lockPath} for {@code mode} (a mutex serves every mode). */
    InterProcessLock newLock(Object session, String lockPath, LockMode mode) throws Exception {
        Object made = newObject(session, lockPath);
        if (!readWrite) {
            return (InterProcessLock) made;
        }
        return side(made, mode == LockMode.READ ? "readLock" : "writeLock");
    }

    /** A new object of the user's class on {@code lockPath}, as its constructor makes it. */
    Object newObject(Object session, String lockPath) throws Exception {
        try {
            return constructor.newInstance(session, lockPath);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** The read or write side of a read/write lock object. */
    static InterProcessLock side(Object readWriteLock, String method) throws Exception {
        Method side = readWriteLock.getClass().getMethod(method);
        try {
            return (InterProcessLock) side.invoke(readWriteLock);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /**
     * Where the user's code is in {@code stack} (top first): {@code FILE:LINE} of its top frame in the user's classes,
     * with the file as the user gave it for a source file ({@code --lock src/MyLock.java} gives
     * {@code src/MyLock.java:12}), else the source file's name the class was compiled from; null when no frame is the
     * user's.
     */
    String where(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (isUsers(frame.getClassName())) {
                String file = frame.getFileName() == null ? name + ".java" : frame.getFileName();
                if (option.endsWith(".java")
                        && java.nio.file.Path.of(option).getFileName().toString().equals(file)) {
                    file = option;
                }
                return frame.getLineNumber() > 0 ? file + ":" + frame.getLineNumber() : file;
            }
        }
        return null;
    }

    /** True when {@code className} is one of the user's classes (a frame there is in the user's code). */
    boolean isUsers(String className) {
        return loader.defines(className);
    }
}
