package lockstep.algorithms.user;

/**
 * A lock file Lockstep cannot use: it does not compile, or its class does not meet the contract. The message is one
 * line, {@code FILE:LINE:COLUMN: what is wrong (what was expected)}, with the user's file and line where there is one.
 */
public final class UserLockRefused extends Exception {

    private static final long serialVersionUID = 1L;

    private final String where;
    private final String what;

    UserLockRefused(String where, String what) {
        super(where + ": " + what);
        this.where = where;
        this.what = what;
    }

    /** {@code FILE:LINE:COLUMN}, or the file (and class) alone when there is no line. */
    public String where() {
        return where;
    }

    /** What is wrong and what was expected. */
    public String what() {
        return what;
    }
}
