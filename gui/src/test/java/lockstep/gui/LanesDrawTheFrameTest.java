package lockstep.gui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * A lane is drawn from its frame and nothing else: the classes that draw a lane (its view, rows, cards, arrows,
 * counters, session lines and server column) read no replay state, no checker, no run and no scenario. So the window,
 * {@code render} and the GIF cannot work a fact out a second way and disagree with the frame.
 */
class LanesDrawTheFrameTest {

    private static final JavaClasses VIEWS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("lockstep.gui.view");

    @Test
    void theLaneDrawingReadsOnlyTheFrame() {
        noClasses().that().haveSimpleNameStartingWith("LaneView")
                .or().haveSimpleNameStartingWith("ClientRow")
                .or().haveSimpleNameStartingWith("ZnodeCard")
                .or().haveSimpleNameStartingWith("WatchArrows")
                .or().haveSimpleNameStartingWith("LaneCounters")
                .or().haveSimpleNameStartingWith("SessionLines")
                .or().haveSimpleNameStartingWith("ServerColumn")
                .should().dependOnClassesThat().resideInAnyPackage("lockstep.simulator.replay..",
                        "lockstep.simulator.check..", "lockstep.simulator.run..", "lockstep.simulator.scenario..")
                .check(VIEWS);
    }
}
