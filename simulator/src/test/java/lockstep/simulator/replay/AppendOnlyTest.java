package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A share sees what was there when it was taken, whatever the original and the share do afterwards. */
class AppendOnlyTest {

    @Test
    void aShareAndItsOriginalGoOnApartAndFrozenViewsStayAsTheyWere() {
        AppendOnly<String> line = new AppendOnly<>();
        line.add("a");
        line.add("b");
        List<String> before = line.frozen();
        AppendOnly<String> snapshot = line.share();
        line.add("c");
        snapshot.add("x");
        assertEquals(List.of("a", "b", "c"), line.frozen());
        assertEquals(List.of("a", "b", "x"), snapshot.frozen());
        assertEquals(List.of("a", "b"), before);
        line.removeIf("a"::equals);
        assertEquals(List.of("b", "c"), line.frozen());
        assertEquals(List.of("a", "b", "x"), snapshot.frozen(), "a removal leaves a share alone");
        AppendOnly<String> again = snapshot.share();
        again.add("y");
        snapshot.add("z");
        assertEquals(List.of("a", "b", "x", "y"), again.frozen());
        assertEquals(List.of("a", "b", "x", "z"), snapshot.frozen());
    }
}
