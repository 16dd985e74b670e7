package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.gui.source.SimulatorSource;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * Branching a lane at the cursor: the new lane's trace is the original's up to the end of the script line branched
 * from, then goes its own way; the lanes open stay; a line the run refuses comes back as its one-line error; a trace
 * file cannot branch and says why.
 */
class BranchingTest {

    private static WorkbenchViewModel opened(String spec, List<String> algorithms) {
        WorkbenchViewModel vm = new WorkbenchViewModel(new SimulatorSource(), Runnable::run, Runnable::run, null);
        vm.open(spec, algorithms, null);
        assertEquals("", vm.errorProperty().get());
        return vm;
    }

    @Test
    void aBranchIsTheOriginalUpToItsLineThenItsOwnRun() {
        WorkbenchViewModel vm = opened("02", List.of("sequential"));
        ReplayCursor before = vm.getCursor();
        LaneViewModel original = before.lanes().get(0);
        int step = 5; // the first "holder release"
        before.seek(before.beats().firstBeatOfStep(step) + 1);
        assertNull(vm.branchRefusal(0));

        vm.branch(0, "c3", "crash");

        // c3 is gone, so the script's tenth release finds nobody: the lane stops there and says so.
        assertTrue(vm.errorProperty().get().endsWith("nobody holds the lock (expected a holder for 'holder release')"),
                vm.errorProperty().get());
        assertTrue(vm.errorHeadingProperty().get().contains("stops early"));
        ReplayCursor after = vm.getCursor();
        assertNotEquals(before, after);
        assertEquals(2, after.lanes().size(), "the original lane stays, the branch is added");
        assertEquals(original.events(), after.lanes().get(0).events());
        LaneViewModel branch = after.lanes().get(1);
        assertTrue(branch.title().startsWith("sequential + c3 crash at line " + original.lineOf(step) + " · stops at line "),
                branch.title());
        assertTrue(branch.events().get(branch.size() - 1) instanceof Event.RunEnded ended
                && ended.outcome().startsWith("stopped: "));
        assertEquals(1, after.focusedLaneProperty().get(), "the new lane is focused");
        assertEquals(step, after.stepProperty().get(), "the cursor stays on the line branched from");

        int end = original.stepEnd(step);
        // event 0 differs in the scenario's digest only: the branch's script has one more line
        assertEquals(original.events().subList(1, end + 1), branch.events().subList(1, end + 1),
                "the same events up to the end of the line");
        Event.RunStarted was = (Event.RunStarted) original.events().get(0);
        Event.RunStarted now = (Event.RunStarted) branch.events().get(0);
        assertEquals(List.of(was.scenario(), was.algorithm(), was.seed(), was.clients()),
                List.of(now.scenario(), now.algorithm(), now.seed(), now.clients()), "the same run, branched");
        Event next = branch.events().get(end + 1);
        assertTrue(next instanceof Event.ScriptLine line && line.text().equals("c3 crash"), "then the new line: " + next);
        assertNotEquals(original.events().get(end + 1), next);
        assertTrue(branch.events().stream().anyMatch(e -> e instanceof Event.Fault f && f.kind().equals("crash")));
    }

    @Test
    void aLineTheRunRefusesComesBackAsItsOneLineErrorAndTheLanesStay() {
        WorkbenchViewModel vm = opened("02", List.of("naive", "sequential"));
        ReplayCursor before = vm.getCursor();
        before.seek(before.beats().lastBeatOfStep(2));

        vm.branch(1, "c2", "resume");

        assertTrue(vm.errorProperty().get().contains("c2 cannot resume"), vm.errorProperty().get());
        assertTrue(vm.errorHeadingProperty().get().startsWith("Cannot branch"));
        assertSame(before, vm.getCursor(), "what was open stays open");
        assertTrue(vm.branchRefusal(0) == null && !vm.loadingProperty().get());
    }

    @Test
    void aTraceFileOrAFullWindowCannotBranchAndSaysWhy(@TempDir Path dir) throws Exception {
        WorkbenchViewModel three = opened("02", List.of("naive", "sequential", "rwlock"));
        assertTrue(three.branchRefusal(0).contains("remove a lane"), three.branchRefusal(0));

        WorkbenchViewModel vm = opened("02", List.of("sequential"));
        Path trace = dir.resolve("herd.jsonl");
        TraceFiles.write(trace, vm.getCursor().lanes().get(0).events());
        assertTrue(Files.size(trace) > 0);
        vm.open(trace.toString());
        assertEquals("", vm.errorProperty().get());
        String why = vm.branchRefusal(0);
        assertNotNull(why);
        assertTrue(why.startsWith("A trace file has no script"), why);
        vm.branch(0, "c1", "crash");
        assertEquals(why, vm.errorProperty().get());
        assertEquals(1, vm.getCursor().lanes().size());
    }

    @Test
    void branchActionsAreAcquireThenEveryClientFault() {
        List<String> words = WorkbenchViewModel.branchActions().stream().map(WorkbenchViewModel.BranchAction::word)
                .toList();
        assertEquals("acquire", words.get(0));
        assertTrue(words.containsAll(List.of("crash", "expire", "pause", "resume", "disconnect", "give-up")), words.toString());

        // a client already waiting is not offered "acquire"; an idle one is
        WorkbenchViewModel vm = opened("03", List.of("sequential"));
        ReplayCursor cursor = vm.getCursor();
        cursor.seek(0);
        assertEquals("acquire", vm.branchActions(0, "c5").get(0).word(), "idle: acquire offered");
        cursor.seek(cursor.beats().lastBeatOfStep(1));
        assertTrue(vm.branchActions(0, "c5").stream().noneMatch(a -> a.word().equals("acquire")), "waiting: no acquire");
        assertTrue(vm.branchActions(0, "c5").stream().anyMatch(a -> a.word().equals("give-up")));
    }
}
