package lockstep.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

class NodeNameTest {

    @Test
    void parsesPrefixAndTenDigitSequence() {
        NodeName name = NodeName.parse("lock-0000000042");
        assertEquals("lock-", name.prefix());
        assertEquals(42, name.sequence());
        assertEquals("lock-0000000042", name.toString());
    }

    @Test
    void parsesNamesWithAGuidOrSessionPrefix() {
        NodeName curator = NodeName.parse("_c_1b4e28ba-2fa1-11d2-883f-0016d3cca427-read-0000000012");
        assertEquals(12, curator.sequence());
        assertTrue(curator.hasKind("read-"));
        assertFalse(curator.hasKind("write-"));
        assertTrue(curator.isTaggedWith("_c_1b4e28ba-2fa1-11d2-883f-0016d3cca427-"));

        NodeName recipe = NodeName.parse("x-72057594037927936-0000000003");
        assertEquals("x-72057594037927936-", recipe.prefix());
        assertEquals(3, recipe.sequence());
    }

    @Test
    void ordersBySequenceNeverByTheWholeName() {
        // Compared as strings, "_c_ffff...-lock-1" would sort after "_c_0000...-lock-2": the GUID would decide.
        NodeName first = NodeName.parse("_c_ffffffff-ffff-ffff-ffff-ffffffffffff-lock-0000000001");
        NodeName second = NodeName.parse("_c_00000000-0000-0000-0000-000000000000-lock-0000000002");
        NodeName third = NodeName.parse("write-0000000003");
        List<NodeName> names = new ArrayList<>(List.of(third, second, first));
        Collections.sort(names);
        assertEquals(List.of(first, second, third), names);
    }

    @Test
    void sequenceBeyondIntRangeStillOrders() {
        NodeName big = NodeName.parse("lock-2147483648");
        NodeName small = NodeName.parse("lock-2147483647");
        assertTrue(small.compareTo(big) < 0);
    }

    @Test
    void rejectsNamesWithoutASequence() {
        assertFalse(NodeName.isSequential("lock"));
        assertFalse(NodeName.isSequential("lock-00000001"));
        assertFalse(NodeName.isSequential("lock-00000000x1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeName.parse("lock"));
        assertTrue(e.getMessage().contains("10-digit"));
    }
}
