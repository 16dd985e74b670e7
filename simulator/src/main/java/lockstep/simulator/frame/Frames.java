package lockstep.simulator.frame;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.trace.Event;

/**
 * The frames of a comparison: for every beat and every lane, one {@link LaneFrame}. Steps: replay each lane's trace
 * (snapshots, so a frame costs one snapshot copy and at most {@value ReplayModel#SNAPSHOT_EVERY} events), check it
 * once for its findings, cut the lanes into common {@link Beats}; then a frame is made when asked for. Immutable and
 * safe to share between threads; build it off the window's thread.
 */
public final class Frames {

    /** One lane: its trace replayed, and its findings. */
    public record Lane(ReplayModel model, List<Finding> findings) {

        public Lane {
            findings = List.copyOf(findings);
        }

        /** A lane of a trace, checked here. */
        public static Lane of(List<Event> trace) {
            return new Lane(ReplayModel.of(trace), Checker.check(trace));
        }

        Event.RunStarted run() {
            return (Event.RunStarted) model.events().get(0);
        }

        boolean writes() {
            return model.events().stream().anyMatch(e -> e instanceof Event.Write);
        }
    }

    private final List<Lane> lanes;
    private final boolean[] writes;
    private final Beats beats;

    private Frames(List<Lane> lanes) {
        this.lanes = List.copyOf(lanes);
        writes = new boolean[lanes.size()];
        List<List<Event>> traces = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            writes[i] = lanes.get(i).writes();
            traces.add(lanes.get(i).model().events());
        }
        beats = Beats.of(traces);
    }

    /** The frames of these lanes (one trace each, each starting with run-started). */
    public static Frames of(List<Lane> lanes) {
        if (lanes.isEmpty()) {
            throw new IllegalArgumentException("frames need at least one lane");
        }
        return new Frames(lanes);
    }

    /** The frames of these traces, each replayed and checked here. */
    public static Frames ofTraces(List<List<Event>> traces) {
        return of(traces.stream().map(Lane::of).toList());
    }

    public Beats beats() {
        return beats;
    }

    public List<Lane> lanes() {
        return lanes;
    }

    /** The number of beats. */
    public int size() {
        return beats.size();
    }

    /** Lane {@code lane} at beat {@code beat}. */
    public LaneFrame at(int beat, int lane) {
        Lane l = lanes.get(lane);
        return LaneFrames.of(beat, lane, l.run().algorithm(), l.model().stateAt(beats.indexIn(lane, beat)),
                l.run().clients(), l.findings(), writes[lane]);
    }

    /** Lane {@code lane} at event {@code index} of its trace, outside the beats (beat -1). */
    public LaneFrame atEvent(int lane, int index) {
        Lane l = lanes.get(lane);
        return LaneFrames.of(-1, lane, l.run().algorithm(), l.model().stateAt(index), l.run().clients(),
                l.findings(), writes[lane]);
    }
}
