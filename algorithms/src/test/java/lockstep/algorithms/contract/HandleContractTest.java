package lockstep.algorithms.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.CallRecorder;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.testing.ClientThread;
import lockstep.algorithms.testing.Inspector;

/**
 * The handle contract, for every correct algorithm in the registry, Curator's included, on a real embedded ZooKeeper:
 * handles are reentrant per thread and owned by their thread; several handles of one client are separate requests;
 * the read/write locks allow a downgrade and never grant an upgrade; the parents of a lock path vanish once empty.
 * (An algorithm of the bug gallery is expected to break a lock's promises: its own scenario tests it.)
 */
class HandleContractTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final AtomicInteger LOCKS = new AtomicInteger();

    private static EmbeddedZooKeeper server;
    private final List<AutoCloseable> closeables = new ArrayList<>();

    static Stream<String> algorithms() {
        return Algorithms.all().stream().filter(info -> info.expected().isCorrect()).map(Algorithms.Info::name);
    }

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @AfterEach
    void closeEverything() throws Exception {
        Collections.reverse(closeables);
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    private static String lockPath(String algorithm, String test) {
        return "/lockstep/handles/" + algorithm + "/" + test + "-" + LOCKS.incrementAndGet();
    }

    private LockClient connect(String algorithm, String name, CallRecorder recorder) throws Exception {
        Connection connection = Connection.to(server.connectString());
        if (recorder != null) {
            connection = connection.withListener(recorder);
        }
        LockClient client = Algorithms.get(algorithm).connect(name, connection);
        closeables.add(client);
        return client;
    }

    private ClientThread thread(String name) {
        ClientThread thread = new ClientThread(name);
        closeables.add(thread);
        return thread;
    }

    private static LockMode exclusive(String algorithm) {
        return Algorithms.get(algorithm).isShared() ? LockMode.WRITE : LockMode.EXCLUSIVE;
    }

    private static <T> T on(ClientThread thread, java.util.concurrent.Callable<T> action) {
        return thread.submit(action).orTimeout(PATIENCE.toSeconds(), TimeUnit.SECONDS).join();
    }

    private static List<String> children(String lockPath) throws Exception {
        try (Inspector inspector = new Inspector(server.connectString())) {
            return inspector.requestNodes(lockPath);
        }
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void theHolderAcquiresAgainWithoutACallAndOnlyTheLastReleaseGivesItBack(String algorithm) throws Exception {
        assumeTrue(Algorithms.get(algorithm).has(lockstep.algorithms.Flag.REENTRANT),
                "not reentrant: a holder's second acquire asks again (LockContract's notReentrant says so)");
        CallRecorder recorder = new CallRecorder();
        String lockPath = lockPath(algorithm, "nested");
        DistributedLock lock = connect(algorithm, "c1", recorder).lock(lockPath, exclusive(algorithm));
        ClientThread c1 = thread("c1");

        on(c1, () -> {
            lock.acquire();
            return null;
        });
        int calls = recorder.calls().size();
        assertTrue(on(c1, () -> lock.acquire(Duration.ofSeconds(10))));
        assertTrue(on(c1, lock::tryAcquire));
        assertEquals(calls, recorder.calls().size(), "a re-acquire by the holder costs no ZooKeeper call");
        assertEquals(3, (int) on(c1, lock::holdCount));

        on(c1, () -> {
            lock.release();
            lock.release();
            return null;
        });
        assertTrue(lock.isHeld(), "still held after two of three releases");
        assertEquals(1, children(lockPath).size(), "the node stays until the last release");
        on(c1, () -> {
            lock.release();
            return null;
        });
        assertFalse(lock.isHeld());
        assertEquals(List.of(), children(lockPath), "the last release deletes the node");
        CompletionException extra = assertThrows(CompletionException.class, () -> on(c1, () -> {
            lock.release();
            return null;
        }));
        assertTrue(extra.getCause() instanceof IllegalMonitorStateException, String.valueOf(extra.getCause()));
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void anotherThreadOfTheClientCannotReleaseOrTakeOverAHeldHandle(String algorithm) throws Exception {
        String lockPath = lockPath(algorithm, "other-thread");
        DistributedLock lock = connect(algorithm, "c1", null).lock(lockPath, exclusive(algorithm));
        ClientThread owner = thread("c1-a");
        ClientThread other = thread("c1-b");
        on(owner, () -> {
            lock.acquire();
            return null;
        });

        CompletionException release = assertThrows(CompletionException.class, () -> on(other, () -> {
            lock.release();
            return null;
        }));
        assertTrue(release.getCause() instanceof IllegalMonitorStateException, String.valueOf(release.getCause()));
        assertFalse(on(other, lock::tryAcquire), "another thread does not take a held handle over");
        assertFalse(on(other, () -> lock.acquire(Duration.ofMillis(200))));
        assertTrue(lock.isHeld());
        assertEquals(1, children(lockPath).size(), "the other thread's attempts left nothing behind");

        on(owner, () -> {
            lock.release();
            return null;
        });
        assertTrue(on(other, () -> lock.acquire(Duration.ofSeconds(10))), "free again: the other thread takes it");
        on(other, () -> {
            lock.release();
            return null;
        });
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void tenThreadsOfOneClientWithAHandleEachNeverHoldTogether(String algorithm) throws Exception {
        String lockPath = lockPath(algorithm, "ten-threads");
        LockClient client = connect(algorithm, "c1", null);
        AtomicInteger inside = new AtomicInteger();
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (int t = 0; t < 10; t++) {
            DistributedLock handle = client.lock(lockPath, exclusive(algorithm));
            ClientThread thread = thread("c1-" + t);
            runs.add(thread.submit(() -> {
                for (int round = 0; round < 10; round++) {
                    handle.acquire();
                    int now = inside.incrementAndGet();
                    if (now > 1) {
                        violations.add(now + " handles of c1 held the lock at once");
                    }
                    inside.decrementAndGet();
                    handle.release();
                }
                return null;
            }));
        }
        CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        assertEquals(List.of(), violations);
        assertEquals(List.of(), children(lockPath), "every handle's node is gone");
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void theWriteHolderDowngradesToARead(String algorithm) throws Exception {
        assumeTrue(Algorithms.get(algorithm).isShared(), "a mutex has no read side");
        String lockPath = lockPath(algorithm, "downgrade");
        LockClient c1 = connect(algorithm, "c1", null);
        DistributedLock write = c1.lock(lockPath, LockMode.WRITE);
        DistributedLock read = c1.lock(lockPath, LockMode.READ);
        ClientThread thread = thread("c1");
        LockClient c2 = connect(algorithm, "c2", null);
        DistributedLock otherWriter = c2.lock(lockPath, LockMode.WRITE);
        DistributedLock otherReader = c2.lock(lockPath, LockMode.READ);
        ClientThread thread2 = thread("c2");

        on(thread, () -> {
            write.acquire();
            return null;
        });
        assertTrue(on(thread, () -> read.acquire(Duration.ofSeconds(10))), "the write holder takes the read lock at once");
        on(thread, () -> {
            write.release();
            return null;
        });
        assertTrue(read.isHeld() && !write.isHeld(), "downgraded: read held, write released");
        assertFalse(on(thread2, otherWriter::tryAcquire), "a writer still waits for the reader");
        assertTrue(on(thread2, otherReader::tryAcquire), "another reader shares it");
        on(thread2, () -> {
            otherReader.release();
            return null;
        });
        on(thread, () -> {
            read.release();
            return null;
        });
        assertEquals(List.of(), children(lockPath));
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void anUpgradeIsNeverGranted(String algorithm) throws Exception {
        assumeTrue(Algorithms.get(algorithm).isShared(), "a mutex has no read side");
        String lockPath = lockPath(algorithm, "upgrade");
        LockClient c1 = connect(algorithm, "c1", null);
        DistributedLock read = c1.lock(lockPath, LockMode.READ);
        DistributedLock write = c1.lock(lockPath, LockMode.WRITE);
        ClientThread thread = thread("c1");
        on(thread, () -> {
            read.acquire();
            return null;
        });
        boolean curator = Algorithms.get(algorithm).has(lockstep.algorithms.Flag.REFERENCE);
        if (curator) {
            // Curator's write lock waits behind the thread's own read node: the upgrade deadlock, cut short here.
            assertFalse(on(thread, () -> write.acquire(Duration.ofMillis(300))));
        } else {
            CompletionException refused = assertThrows(CompletionException.class, () -> on(thread, () -> {
                write.acquire();
                return null;
            }));
            assertTrue(refused.getCause() instanceof IllegalStateException, String.valueOf(refused.getCause()));
            assertTrue(refused.getCause().getMessage().contains("upgrade"), refused.getCause().getMessage());
        }
        assertEquals(1, children(lockPath).size(), "only the read node is left");
        on(thread, () -> {
            read.release();
            return null;
        });
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void theParentsOfALockPathVanishOnceTheLastHolderReleased(String algorithm) throws Exception {
        try (EmbeddedZooKeeper own = EmbeddedZooKeeper.startRemovingEmptyContainersEvery(Duration.ofMillis(50))) {
            String top = "/vanish-" + LOCKS.incrementAndGet();
            String lockPath = top + "/locks/" + algorithm;
            LockClient client = Algorithms.get(algorithm).connect("c1", Connection.to(own.connectString()));
            closeables.add(client);
            DistributedLock lock = client.lock(lockPath, exclusive(algorithm));
            ClientThread thread = thread("c1");
            on(thread, () -> {
                lock.acquire();
                return null;
            });
            try (Inspector inspector = new Inspector(own.connectString())) {
                assertEquals(1, inspector.requestNodes(lockPath).size());
                on(thread, () -> {
                    lock.release();
                    return null;
                });
                // The server removes one level per check (a parent is empty only once its child is gone).
                lockstep.algorithms.testing.Await.until(() -> !exists(inspector, top), PATIENCE,
                        top + " and everything under it are removed");
            }
        }
    }

    private static boolean exists(Inspector inspector, String path) {
        try {
            return inspector.exists(path);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
