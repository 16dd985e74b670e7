package lockstep.simulator.run;

import lockstep.simulator.replay.ReplayState.Resource;
import lockstep.simulator.trace.Event;

/**
 * The resource a lock protects, inside the simulator: {@code cN write} sends the client's fencing token (the sequence
 * number of the node it got the lock with). With fencing on (the scenario's {@code fencing:} key, default true) the
 * resource refuses a token lower than the last one it accepted, which turns a zombie's late write away once the new
 * holder has written; with fencing off it accepts anything. The resource knows nothing of sessions: that is the
 * point of fencing tokens.
 */
final class FencedResource {

    private final TraceRecorder trace;

    FencedResource(TraceRecorder trace) {
        this.trace = trace;
    }

    void write(RunClient client) {
        Resource resource = trace.state().resource();
        long token = client.token();
        boolean accepted = !resource.fencing() || token >= resource.lastToken();
        String detail;
        if (!resource.fencing()) {
            detail = "no fencing: accepted without looking at the token";
        } else if (accepted) {
            detail = resource.lastToken() < 0 ? "token " + token + ", the first write"
                    : "token " + token + " is not older than " + resource.lastToken() + ", the last accepted";
        } else {
            detail = "refused: token " + token + " is older than " + resource.lastToken() + " (from "
                    + resource.lastWriter() + ")";
        }
        trace.add(new Event.Write(trace.next(), client.name(), token, accepted, detail));
    }
}
