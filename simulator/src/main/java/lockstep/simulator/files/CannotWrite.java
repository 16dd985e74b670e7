package lockstep.simulator.files;

import java.io.IOException;

/**
 * A file Lockstep was asked to write and did not: a target it refuses (a device, a pipe, a read-only file) or a
 * write the system failed (no space left, a read-only or immutable place). Its message is the one line the user sees,
 * {@code FILE: what is wrong (what was expected)}, and the CLI exits with code 2: the cause is the environment, not
 * a bug. Nothing was written and no temporary file is left behind.
 */
public final class CannotWrite extends IOException {

    private static final long serialVersionUID = 1L;

    CannotWrite(String line, Throwable cause) {
        super(line, cause);
    }
}
