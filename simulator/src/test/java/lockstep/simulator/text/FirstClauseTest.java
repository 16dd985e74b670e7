package lockstep.simulator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FirstClauseTest {

    private static String lead(String text) {
        return text.substring(0, FirstClause.end(text));
    }

    @Test
    void aLatinClauseEndsAtAMarkFollowedBySpace() {
        assertEquals("The herd.", lead("The herd. Every waiter wakes."));
        assertEquals("Look:", lead("Look: c1 holds it"));
        assertEquals("Wait;", lead("Wait; then go"));
    }

    @Test
    void aMarkInsideAWordDoesNotCut() {
        assertEquals("c1.release runs 3.5 times", lead("c1.release runs 3.5 times"));
        assertEquals("Call c1.release() now.", lead("Call c1.release() now. Then look."));
    }

    @Test
    void aChineseClauseEndsAtItsFullWidthMarkWithNoSpaceAfter() {
        assertEquals("羊群效应。", lead("羊群效应。每个等待者都被唤醒。"));
        assertEquals("注意：", lead("注意：c1 持有锁"));
    }

    @Test
    void aRussianClauseEndsAsALatinOne() {
        assertEquals("Стадо.", lead("Стадо. Просыпаются все."));
    }

    @Test
    void aTextWithOneClauseOrOnlyAFinalMarkIsWhole() {
        assertEquals("No mark here", lead("No mark here"));
        assertEquals("One sentence.", lead("One sentence."));
        assertEquals("一句话。", lead("一句话。"));
        assertEquals("", lead(""));
    }
}
