package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.ScenarioLoader;

/**
 * Which runs start their ensemble with peer links (proxies between the servers): only those whose script cuts a
 * server off. Every other run keeps direct links, and with them the timing its traces were recorded with.
 */
class PeerLinksTest {

    @Test
    void onlyAScriptThatIsolatesAServerGetsPeerLinks() throws Exception {
        assertTrue(RunWorld.cutsServerLinks(BuiltInScenarios.load("26").script()), "26 cuts the leader off");
        assertFalse(RunWorld.cutsServerLinks(BuiltInScenarios.load("23").script()), "23 kills, it cuts nothing");
        String yaml = "title: x\nclients: 3\nensemble: 3\nscript:\n  - all acquire\n";
        assertTrue(RunWorld.cutsServerLinks(ScenarioLoader.parse("x.yaml",
                yaml + "  - repeat 1: server 1 isolate\n  - server heal\n").script()), "inside a repeat too");
        assertFalse(RunWorld.cutsServerLinks(ScenarioLoader.parse("x.yaml",
                yaml + "  - server heal\n  - server leader kill\n").script()), "heal alone cuts nothing");
    }
}
