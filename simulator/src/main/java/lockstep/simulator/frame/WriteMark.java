package lockstep.simulator.frame;

/**
 * The protected resource's line: this script line's latest write, or else what the resource holds so far.
 *
 * @param fresh          the write happened in this script line (else the line sums up the resource)
 * @param client         who wrote ("" for a summary)
 * @param token          the fencing token it sent (-1 for a summary)
 * @param accepted       whether the resource took it
 * @param acceptedBefore the token accepted last before it (-1 for none)
 * @param lastWriter     the last accepted write's client ("" before any)
 * @param lastToken      the last accepted token (-1 before any)
 * @param acceptedCount  writes accepted so far
 * @param refusedCount   writes refused so far
 * @param byZombie       this line's writer is a zombie: its session has ended, it wrote believing it held the lock
 *                       (an accepted write of a zombie is the unfenced write the checker reports)
 */
public record WriteMark(boolean fresh, String client, long token, boolean accepted, long acceptedBefore,
                        String lastWriter, long lastToken, int acceptedCount, int refusedCount, boolean byZombie) {
}
