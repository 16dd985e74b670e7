package lockstep.simulator.schedule;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** When two options commute, decided on options written by hand as the conductor describes them. */
class IndependenceTest {

    private static Option create(String client) {
        return new Option(Option.Kind.CALL, client, client + " create /L/lock-", List.of("/L/lock-", "/L", "/L/*"), 0);
    }

    private static Option on(String client, String op, String path, List<String> touches) {
        return new Option(Option.Kind.CALL, client, client + " " + op + " " + path, touches, 0);
    }

    private static Option read(String client, String op, String path) {
        return new Option(Option.Kind.CALL, client, client + " " + op + " " + path, List.of(path), false, 0);
    }

    private static Option delivery(String client, String path) {
        return new Option(Option.Kind.DELIVERY, client, client + " <- NodeDeleted " + path, List.of(path), false, 0);
    }

    @Test
    void readsOfOnePathByDifferentClientsCommuteAndAChangeBetweenThemDoesNot() {
        assertTrue(Independence.commute(read("c1", "getChildren", "/L"), read("c2", "getChildren", "/L")),
                "each leaves a watch of its own client and gets the same children either way");
        assertTrue(Independence.commute(read("c1", "exists", "/L/a"), delivery("c2", "/L/a")),
                "a delivery changes nothing on the server");
        assertTrue(Independence.commute(delivery("c1", "/L/a"), delivery("c2", "/L/a")), "one change, two watchers");
        assertFalse(Independence.commute(read("c1", "exists", "/L/lock-0000000001"), create("c2")),
                "a create may make the node the read looks at");
        assertFalse(Independence.commute(read("c1", "getChildren", "/L"), create("c2")), "the children change");
        assertFalse(Independence.commute(read("c1", "getChildren", "/L"), read("c1", "exists", "/L/a")),
                "one client's steps keep their order");
    }

    @Test
    void differentClientsOnDifferentPathsCommute() {
        assertTrue(Independence.commute(on("c1", "exists", "/L/a", List.of("/L/a")),
                on("c2", "getData", "/L/b", List.of("/L/b"))));
        assertTrue(Independence.commute(delivery("c2", "/L/a"), on("c1", "getChildren", "/L", List.of("/L"))));
        assertTrue(Independence.commute(on("c1", "delete", "/L/a", List.of("/L/a", "/L")),
                on("c2", "exists", "/L/b", List.of("/L/b"))));
    }

    @Test
    void theSameClientOrAPathBothTouchOrAWatchBetweenThemDoNot() {
        assertFalse(Independence.commute(on("c1", "exists", "/L/a", List.of("/L/a")),
                delivery("c1", "/L/b")), "the same client");
        assertFalse(Independence.commute(create("c1"), create("c2")), "two creates under one parent: sequence order");
        assertFalse(Independence.commute(create("c1"), on("c2", "getChildren", "/L", List.of("/L"))),
                "a children watch between them");
        assertFalse(Independence.commute(create("c1"), on("c2", "exists", "/L/lock-0000000003",
                List.of("/L/lock-0000000003"))), "a create may make the very node another looks at");
        assertFalse(Independence.commute(on("c1", "delete", "/L/a", List.of("/L/a", "/L")),
                delivery("c2", "/L/a")), "the deleted node's own notification: the delete lets it happen");
        assertFalse(Independence.commute(on("c1", "delete", "/L/a", List.of("/L/a", "/L")),
                delivery("c2", "/L")), "the parent's children watch");
        assertFalse(Independence.commute(new Option(Option.Kind.CALL, "c1", "c1 exists /a"),
                on("c2", "exists", "/b", List.of("/b"))), "paths not known: commutes with nothing");
        assertTrue(Independence.commute(create("c1"), on("c2", "exists", "/L/x/deeper", List.of("/L/x/deeper"))),
                "P/* covers the children of P only");
    }
}
