package lockstep.gui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The house's layering: algorithms know nothing of the simulator or the window, the simulator nothing of the window,
 * nothing outside the window imports JavaFX, and no two packages depend on each other, however indirectly.
 */
class LayeringTest {

    private static final JavaClasses LOCKSTEP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // The algorithms module's test jar, once packaged (mvn verify), is tests too; the pattern above sees only
            // target/test-classes.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("lockstep");

    @Test
    void algorithmsKnowNothingOfTheSimulatorOrTheWindow() {
        noClasses().that().resideInAPackage("lockstep.algorithms..")
                .should().dependOnClassesThat().resideInAnyPackage("lockstep.simulator..", "lockstep.gui..")
                .check(LOCKSTEP);
    }

    @Test
    void theSimulatorKnowsNothingOfTheWindow() {
        noClasses().that().resideInAPackage("lockstep.simulator..")
                .should().dependOnClassesThat().resideInAPackage("lockstep.gui..")
                .check(LOCKSTEP);
    }

    @Test
    void onlyTheWindowImportsJavaFx() {
        noClasses().that().resideOutsideOfPackage("lockstep.gui..")
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .check(LOCKSTEP);
    }

    /**
     * One slice per package, a nested package its own ({@code lockstep.gui} and {@code lockstep.gui.cli} are two), so
     * a cycle between a package and one inside it counts as well. With several cycles the report may name only some
     * of them: run it again after each fix.
     */
    @Test
    void noPackageIsInACycle() {
        slices().matching("lockstep.(**)").should().beFreeOfCycles().check(LOCKSTEP);
    }

    @Test
    void theImportSeesAllThreeModules() {
        org.junit.jupiter.api.Assertions.assertTrue(LOCKSTEP.containPackage("lockstep.algorithms")
                && LOCKSTEP.containPackage("lockstep.simulator.run") && LOCKSTEP.containPackage("lockstep.gui"));
    }
}
