package lockstep.algorithms.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.Credentials;
import lockstep.algorithms.session.SessionEnder;

/**
 * An existing ZooKeeper as {@link ExternalZooKeeper} meets it, here a real server in this JVM that Lockstep treats as
 * somebody else's (the separate-process server is {@code lockstep.simulator.cli.ExternalZooKeeperTest}'s): a refused
 * create says why in one line (a wrong password named as such when the ACL can be read), something listening that is
 * not ZooKeeper is named, servers listed together must form one ensemble, and the run's root goes even when the run's
 * own session expired before the end.
 */
class ExternalZooKeeperTest {

    private static EmbeddedZooKeeper server;
    private static ZooKeeper owner;

    @BeforeAll
    static void start() throws Exception {
        server = EmbeddedZooKeeper.start();
        CountDownLatch connected = new CountDownLatch(1);
        owner = new ZooKeeper(server.connectString(), 10_000, event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        assertTrue(connected.await(30, TimeUnit.SECONDS));
        owner.addAuthInfo("digest", "alice:right".getBytes(StandardCharsets.UTF_8));
    }

    @AfterAll
    static void stop() throws Exception {
        owner.close();
        server.close();
    }

    private static ACL digest(String userColonPassword, int perms) throws Exception {
        return new ACL(perms, new Id("digest", DigestAuthenticationProvider.generateDigest(userColonPassword)));
    }

    private static String refusal(String userColonPassword) throws Exception {
        Credentials credentials = userColonPassword == null ? Credentials.NONE
                : Credentials.digest(userColonPassword);
        var problem = assertThrows(ExternalZooKeeper.ConnectionProblem.class,
                () -> ExternalZooKeeper.open(server.connectString(), credentials, 5_000).close());
        assertFalse(problem.getMessage().contains("wrong-one") || problem.getMessage().contains("right"),
                "no password in the line");
        return problem.getMessage();
    }

    @Test
    void theTreeGoesNodeByNodeAndAPathAlreadyGoneIsNoError() throws Exception {
        java.util.List<ACL> open = org.apache.zookeeper.ZooDefs.Ids.OPEN_ACL_UNSAFE;
        owner.create("/tree", new byte[0], open, org.apache.zookeeper.CreateMode.PERSISTENT);
        owner.create("/tree/lock", new byte[0], open, org.apache.zookeeper.CreateMode.PERSISTENT);
        owner.create("/tree/lock/n-", new byte[0], open, org.apache.zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL);
        owner.create("/tree/lock/n-", new byte[0], open, org.apache.zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL);
        ExternalZooKeeper.deleteTree(owner, "/tree");
        assertEquals(null, owner.exists("/tree", false));
        ExternalZooKeeper.deleteTree(owner, "/tree"); // gone already: nothing to do, no error
    }

    @Test
    void withCredentialsTheBaseIsTheCallersNotOpenToAnyone() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(owner.exists(ExternalZooKeeper.BASE, false) == null);
        try (ExternalZooKeeper run = ExternalZooKeeper.open(server.connectString(), Credentials.digest("alice:right"),
                10_000)) {
            List<ACL> acl = owner.getACL(ExternalZooKeeper.BASE, null);
            assertEquals(List.of(digest("alice:right", ZooDefs.Perms.ALL)), acl);
        }
    }

    @Test
    void aRefusedCreateSaysWhyAndLeavesNothing() throws Exception {
        owner.create(ExternalZooKeeper.BASE, new byte[0], new ArrayList<>(List.of(digest("alice:right",
                ZooDefs.Perms.ALL), new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE))), CreateMode.PERSISTENT);
        try {
            assertEquals("the password of user 'alice' is wrong: the ACL of /lockstep names alice with another "
                    + "password (expected the variable of --auth-env to hold alice's password)",
                    refusal("alice:wrong-one"));
            assertEquals("user 'bob' may not create nodes under /lockstep: its ACL admits other users only "
                    + "(expected --auth-env naming a variable that holds a user:password its ACL admits)",
                    refusal("bob:wrong-one"));
            assertEquals("not allowed to create nodes under /lockstep: its ACL admits only some users (expected "
                    + "--auth-env naming a variable that holds a user:password its ACL admits)", refusal(null));

            owner.setACL(ExternalZooKeeper.BASE, new ArrayList<>(List.of(digest("alice:right", ZooDefs.Perms.ALL))),
                    -1);
            assertEquals("user 'alice' may not create nodes under /lockstep: a wrong password, or a user its ACL "
                    + "does not admit (ZooKeeper takes any password at connect and refuses at the first ACL check)",
                    refusal("alice:wrong-one"));

            try (ExternalZooKeeper allowed = ExternalZooKeeper.open(server.connectString(),
                    Credentials.digest("alice:right"), 5_000)) {
                assertEquals(1, owner.getChildren(ExternalZooKeeper.BASE, false).size());
            }
            assertEquals(List.of(), owner.getChildren(ExternalZooKeeper.BASE, false), "nothing left behind");
        } finally {
            owner.delete(ExternalZooKeeper.BASE, -1);
        }
    }

    @Test
    void theRootGoesEvenWhenTheRunsSessionExpired() throws Exception {
        ExternalZooKeeper external = ExternalZooKeeper.open(server.connectString(), Credentials.NONE, 5_000);
        assertTrue(owner.exists(external.root(), false) != null);
        SessionEnder.expire(external.session(), Connection.to(server.connectString()));
        external.close();
        assertNull(owner.exists(ExternalZooKeeper.BASE, false), "the root and /lockstep are gone");
    }

    @Test
    void somethingListeningThatIsNotZooKeeperIsNamed() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
            String address = "127.0.0.1:" + silent.getLocalPort();
            var problem = assertThrows(ExternalZooKeeper.ConnectionProblem.class,
                    () -> ExternalZooKeeper.open(address, Credentials.NONE, 1_000).close());
            assertEquals("something listens at " + address + " but did not answer as ZooKeeper within 1000 ms (is "
                    + "it ZooKeeper's client port?)", problem.getMessage());
        }
    }

    @Test
    void serversListedTogetherMustBeOneEnsemble() throws Exception {
        try (EmbeddedZooKeeper another = EmbeddedZooKeeper.start()) {
            String list = server.connectString() + "," + another.connectString();
            var problem = assertThrows(ExternalZooKeeper.ConnectionProblem.class,
                    () -> ExternalZooKeeper.open(list, Credentials.NONE, 5_000).close());
            assertTrue(problem.getMessage().endsWith(" is a standalone server, not a member of an ensemble "
                    + "(expected the servers of one ensemble, or a single HOST:PORT)"), problem.getMessage());
        }
        assertNull(owner.exists(ExternalZooKeeper.BASE, false), "nothing left behind");
    }
}
