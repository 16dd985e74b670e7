package lockstep.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** A choice's options kept as a delta read back as exactly the list given, whatever changed between choices. */
class ChoiceOptionsTest {

    @Test
    void everyChoiceReadsBackAsTheListGiven() {
        Random random = new Random(25);
        ChoiceOptions.Builder builder = new ChoiceOptions.Builder();
        List<String> now = new ArrayList<>();
        List<List<String>> given = new ArrayList<>();
        List<ChoiceOptions> kept = new ArrayList<>();
        int fresh = 0;
        for (int step = 0; step < 300; step++) {
            // as a run goes: the option taken leaves, a few arrive anywhere, now and then many change at once
            if (!now.isEmpty()) {
                now.remove(random.nextInt(now.size()));
            }
            int arrivals = random.nextInt(20) == 0 ? 20 : random.nextInt(2);
            for (int a = 0; a < arrivals; a++) {
                now.add(random.nextInt(now.size() + 1), "c" + fresh++ + " create /lock");
            }
            if (random.nextInt(50) == 0 && now.size() > 1) {
                now.add(now.remove(0)); // the same options in another order
            }
            if (now.size() < 2) {
                now.add("c" + fresh++ + " exists /lock");
                now.add("c" + fresh++ + " exists /lock");
            }
            given.add(List.copyOf(now));
            kept.add(builder.next(now));
        }
        for (int i = 0; i < given.size(); i++) {
            ChoiceOptions options = kept.get(i);
            assertEquals(given.get(i), options, "choice " + i);
            assertEquals(given.get(i).hashCode(), options.hashCode());
            for (int k = 0; k < options.size(); k++) {
                int choice = i;
                int option = k;
                assertEquals(given.get(i).get(k), options.get(k), () -> "choice " + choice + ", option " + option);
            }
        }
    }

    @Test
    void aChoiceKeepsItsOptionsInTheRecord() {
        ChoiceOptions.Builder builder = new ChoiceOptions.Builder();
        builder.next(List.of("c1 create /lock", "c2 create /lock", "c3 create /lock"));
        Event.Choice choice = new Event.Choice(7, builder.next(List.of("c2 create /lock", "c3 create /lock",
                "c1 <- NodeDeleted /lock")), 2);
        assertEquals(new Event.Choice(7, List.of("c2 create /lock", "c3 create /lock", "c1 <- NodeDeleted /lock"), 2),
                choice);
        assertEquals("c1 <- NodeDeleted /lock", choice.chosen());
    }
}
