package lockstep.simulator.fault;

import java.time.Duration;

/**
 * The run's time, as faults see it. A lockstep run never waits on the wall clock: a fault that stands for time
 * passing (a session timing out during a pause) advances this clock and forces what the time would cause (the
 * server ends the session), so the run is as quick and as repeatable as every other.
 */
public interface Clock {

    /** Time since the run started, as the run counts it. */
    Duration now();

    /** Time passes. */
    void advance(Duration time);

    /** A clock that starts at zero and moves only when told. */
    static Clock virtual() {
        return new Clock() {
            private Duration now = Duration.ZERO;

            @Override
            public Duration now() {
                return now;
            }

            @Override
            public void advance(Duration time) {
                now = now.plus(time);
            }
        };
    }
}
