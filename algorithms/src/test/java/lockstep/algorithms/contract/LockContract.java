package lockstep.algorithms.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.Flag;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.LockTarget;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.CallRecorder;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.SeamListener;
import lockstep.algorithms.testing.Await;
import lockstep.algorithms.testing.ClientThread;
import lockstep.algorithms.testing.Inspector;

/**
 * The contract every correct lock algorithm keeps, run against a real embedded ZooKeeper. One subclass per correct
 * registered algorithm; what the registry says of it (fair or not, its herd count) decides what is asserted, and an
 * algorithm that lacks a property opts out by overriding the matching method, with its reason. The bug gallery's
 * algorithms break the contract by design and are not run here: each one's built-in scenario shows its failure
 * deterministically, and the simulator's gallery test asserts exactly the finding its registry entry expects.
 *
 * <p>Several tests are Apache Curator's own lock tests, written anew against Lockstep's lock API so that they run for
 * every algorithm they apply to, Lockstep's and Curator's alike: from {@code TestInterProcessMutexBase} (which Curator
 * runs for {@code InterProcessMutex}, for {@code InterProcessSemaphoreMutex} as {@code TestInterProcessSemaphoreMutex},
 * and over two lock paths for {@code InterProcessMultiLock} as {@code TestInterProcessMultiMutex}),
 * {@code TestInterProcessSemaphore} and {@code TestInterProcessMultiMutex} (Curator 5.x, in {@code curator-recipes}'
 * tests, package {@code org.apache.curator.framework.recipes.locks}; Apache License 2.0). Each such test names the
 * Curator test it comes from. Curator's timed sleeps become awaits on the clients' states, and a test of a Curator
 * feature Lockstep's API does not have is left out: several leases in one acquire ({@code testMaxPerSession}), a
 * permit count that changes ({@code testThreadedLeaseIncrease}), the child reaper, namespaces, a lock handle shared
 * by the threads of one process ({@code testThreads}, {@code testReentrantSingleLock}: a Lockstep handle belongs to
 * its thread) and Curator's debug latches inside its own code ({@code testAcquireAfterLostServer}, CURATOR-335).
 */
public abstract class LockContract {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final AtomicInteger LOCKS = new AtomicInteger();

    private static EmbeddedZooKeeper server;

    private final List<Client> clients = new ArrayList<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private String lockPath;

    /** The registry name of the algorithm under test. */
    protected abstract String algorithm();

    /** Empty when the registry flags the lock fair (granted in request order); otherwise why it is not. */
    protected Optional<String> notFair() {
        Algorithms.Info info = Algorithms.get(algorithm());
        return info.has(Flag.FAIR) ? Optional.empty() : Optional.of("not flagged fair: " + info.description());
    }

    /** The registry's exact number of notifications for ten clients that all ask, then release one at a time. */
    protected OptionalInt notificationsForTenInTurn() {
        return Algorithms.get(algorithm()).herdCount().map(herd -> OptionalInt.of((int) herd.forClients(10)))
                .orElse(OptionalInt.empty());
    }

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @BeforeEach
    void newLockPath(TestInfo test) {
        lockPath = "/lockstep/contract/" + algorithm() + "/" + test.getTestMethod().orElseThrow().getName() + "-"
                + LOCKS.incrementAndGet();
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (Client client : clients) {
            client.close();
        }
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    private boolean shared() {
        return Algorithms.get(algorithm()).isShared();
    }

    private LockMode exclusive() {
        return shared() ? LockMode.WRITE : LockMode.EXCLUSIVE;
    }

    /** A client with its own session and thread, holding a handle on this test's lock. */
    protected final class Client implements AutoCloseable {
        final String name;
        final LockClient session;
        final ClientThread thread;
        final DistributedLock lock;

        Client(String name, LockClient session, LockMode mode) {
            this(name, session, mode, LockTarget.of(lockPath));
        }

        Client(String name, LockClient session, LockMode mode, LockTarget target) {
            this.name = name;
            this.session = session;
            this.thread = new ClientThread(name);
            this.lock = session.lock(target, mode);
        }

        CompletableFuture<Boolean> acquire() {
            return thread.submit(() -> {
                lock.acquire();
                return true;
            });
        }

        boolean acquireNow() {
            return acquire().orTimeout(PATIENCE.toSeconds(), TimeUnit.SECONDS).join();
        }

        boolean acquire(Duration timeout) {
            return thread.submit(() -> lock.acquire(timeout)).join();
        }

        boolean tryAcquire() {
            return thread.submit(lock::tryAcquire).join();
        }

        void release() {
            thread.submit(() -> {
                lock.release();
                return null;
            }).join();
        }

        boolean isWaiting() {
            return session.isWaitingForNotification(thread.thread());
        }

        void awaitWaiting() {
            Await.until(this::isWaiting, PATIENCE, name + " waits for a notification");
        }

        @Override
        public void close() throws Exception {
            session.close();
            thread.close();
        }
    }

    private Client connect(String name, LockMode mode, SeamListener listener, EmbeddedZooKeeper on)
            throws Exception {
        Connection connection = Connection.to(on.connectString()).withListener(listener);
        Client client = new Client(name, Algorithms.get(algorithm()).connect(name, connection), mode);
        clients.add(client);
        return client;
    }

    /** A client whose handle asks for {@code target} instead of this test's one lock with one permit. */
    private Client connect(String name, LockTarget target) throws Exception {
        Connection connection = Connection.to(server.connectString());
        Client client = new Client(name, Algorithms.get(algorithm()).connect(name, connection), exclusive(), target);
        clients.add(client);
        return client;
    }

    private Client connect(String name) throws Exception {
        return connect(name, exclusive(), SeamListener.NONE, server);
    }

    private List<Client> queue(int size, SeamListener listener, EmbeddedZooKeeper on) throws Exception {
        List<Client> queue = new ArrayList<>();
        for (int i = 1; i <= size; i++) {
            queue.add(connect("c" + i, exclusive(), listener, on));
        }
        return queue;
    }

    // ---- safety ---------------------------------------------------------------------------------------------------

    @Test
    void mutualExclusion() throws Exception {
        Object monitor = new Object();
        int[] readers = new int[1];
        int[] writers = new int[1];
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            boolean writer = !shared() || i % 3 == 0;
            Client client = connect("c" + (i + 1), shared() ? (writer ? LockMode.WRITE : LockMode.READ)
                    : LockMode.EXCLUSIVE, SeamListener.NONE, server);
            runs.add(client.thread.submit(() -> {
                for (int round = 0; round < 20; round++) {
                    client.lock.acquire();
                    synchronized (monitor) {
                        if (writer) {
                            writers[0]++;
                        } else {
                            readers[0]++;
                        }
                        if (writers[0] > 1 || (writers[0] == 1 && readers[0] > 0)) {
                            violations.add(client.name + " entered beside " + writers[0] + " writer(s) and "
                                    + readers[0] + " reader(s)");
                        }
                    }
                    synchronized (monitor) {
                        if (writer) {
                            writers[0]--;
                        } else {
                            readers[0]--;
                        }
                    }
                    client.lock.release();
                }
                return null;
            }));
        }
        CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        assertEquals(List.of(), violations);
    }

    @Test
    void grantsInRequestOrder() throws Exception {
        assumeTrue(notFair().isEmpty(), () -> algorithm() + " opts out: " + notFair().orElse(""));
        List<Client> queue = queue(6, SeamListener.NONE, server);
        assertTrue(queue.get(0).acquireNow());
        List<CompletableFuture<Boolean>> pending = new ArrayList<>();
        for (Client client : queue.subList(1, queue.size())) {
            pending.add(client.acquire());
            client.awaitWaiting(); // request order is the order in which they start to wait
        }
        List<String> granted = new ArrayList<>(List.of(queue.get(0).name));
        for (int i = 0; i < pending.size(); i++) {
            queue.get(i).release();
            pending.get(i).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            granted.add(queue.get(i + 1).name);
            for (int later = i + 1; later < pending.size(); later++) {
                assertFalse(pending.get(later).isDone(), queue.get(later + 1).name + " overtook the queue");
            }
        }
        assertEquals(List.of("c1", "c2", "c3", "c4", "c5", "c6"), granted);
    }

    // ---- giving up ------------------------------------------------------------------------------------------------

    @Test
    void acquireWithTimeoutGivesUpAndLeavesNoNode() throws Exception {
        Client holder = connect("c1");
        Client impatient = connect("c2");
        assertTrue(holder.acquireNow());
        assertFalse(impatient.acquire(Duration.ofMillis(300)));
        assertFalse(impatient.lock.isHeld());
        try (Inspector inspector = new Inspector(server.connectString())) {
            assertEquals(1, inspector.requestNodes(lockPath).size(), "only the holder's node is left");
        }
        holder.release();
        assertTrue(impatient.acquire(Duration.ofSeconds(10)), "the lock is free again after a give-up");
    }

    @Test
    void tryAcquireLooksOnceAndLeavesNothing() throws Exception {
        Client holder = connect("c1");
        Client other = connect("c2");
        assertTrue(holder.tryAcquire());
        assertFalse(other.tryAcquire());
        try (Inspector inspector = new Inspector(server.connectString())) {
            assertEquals(1, inspector.requestNodes(lockPath).size());
        }
        holder.release();
        assertTrue(other.tryAcquire());
        other.release();
    }

    @Test
    void interruptingAWaiterGivesUp() throws Exception {
        Client holder = connect("c1");
        Client waiter = connect("c2");
        assertTrue(holder.acquireNow());
        CompletableFuture<Boolean> waiting = waiter.acquire();
        waiter.awaitWaiting();
        waiter.thread.interrupt();
        ExecutionException gaveUp = assertThrows(ExecutionException.class,
                () -> waiting.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertNotNull(gaveUp.getCause());
        try (Inspector inspector = new Inspector(server.connectString())) {
            assertEquals(1, inspector.requestNodes(lockPath).size(), "the waiter's node is gone");
        }
    }

    @Test
    void releaseByANonHolderFailsClearly() throws Exception {
        Client client = connect("c1");
        CompletionException e = assertThrows(CompletionException.class, client::release);
        assertTrue(e.getCause() instanceof IllegalMonitorStateException, String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("c1 does not hold " + lockPath), e.getCause().getMessage());
    }

    // ---- faults ---------------------------------------------------------------------------------------------------

    @Test
    void holderCrashesAndTheNextWaiterGetsTheLock() throws Exception {
        Client holder = connect("c1");
        Client waiter = connect("c2");
        assertTrue(holder.acquireNow());
        CompletableFuture<Boolean> next = waiter.acquire();
        waiter.awaitWaiting();
        holder.session.crash();
        assertTrue(next.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(waiter.lock.isHeld());
        waiter.release();
    }

    @Test
    void aWaitersSessionExpiresAndTheQueueGoesOn() throws Exception {
        Client holder = connect("c1");
        Client victim = connect("c2");
        Client patient = connect("c3");
        assertTrue(holder.acquireNow());
        CompletableFuture<Boolean> victimWaits = victim.acquire();
        victim.awaitWaiting();
        CompletableFuture<Boolean> patientWaits = patient.acquire();
        patient.awaitWaiting();

        victim.session.expire();
        assertFalse(patientWaits.isDone(), "an expiry elsewhere in the queue must not grant the lock");
        holder.release();
        assertTrue(patientWaits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        // The victim either failed clearly or (Curator, which starts a new session) queued again behind c3.
        assertFalse(victimWaits.isDone() && !victimWaits.isCompletedExceptionally(),
                "the expired client must not hold the lock beside c3");
        patient.release();
        try {
            victimWaits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            victim.release();
        } catch (ExecutionException failed) {
            assertNotNull(failed.getCause().getMessage(), "the expired waiter gets a clear error");
        }
    }

    @Test
    void serverRestartWhileClientsWait() throws Exception {
        try (EmbeddedZooKeeper own = EmbeddedZooKeeper.start()) {
            List<Client> queue = queue(3, SeamListener.NONE, own);
            assertTrue(queue.get(0).acquireNow());
            List<CompletableFuture<Boolean>> waits = new ArrayList<>();
            for (Client waiter : queue.subList(1, 3)) {
                waits.add(waiter.acquire());
                waiter.awaitWaiting();
            }
            List<String> before;
            try (Inspector inspector = new Inspector(own.connectString())) {
                before = inspector.requestNodes(lockPath);
            }
            own.restart();
            try (Inspector inspector = new Inspector(own.connectString())) {
                assertEquals(before.size(), inspector.requestNodes(lockPath).size(), "the sessions survived the restart");
            }
            for (int i = 0; i < 2; i++) {
                // Back to waiting, or its acquire ended: a waiter woken by the restart may find its retries used up
                // (a clear error, checked below) and leave the next in line waiting.
                Client waiter = queue.get(i + 1);
                CompletableFuture<Boolean> wait = waits.get(i);
                Await.until(() -> waiter.isWaiting() || wait.isDone(), PATIENCE, waiter.name + " is back to waiting");
            }
            assertTrue(waits.stream().noneMatch(w -> w.isDone() && !w.isCompletedExceptionally()),
                    "nobody holds the lock beside c1 after the restart");
            queue.get(0).release();
            int holders = 0;
            List<Integer> pending = new ArrayList<>(List.of(0, 1));
            while (!pending.isEmpty()) {
                // Whoever is next (an unfair lock may pick either), and nobody beside it.
                CompletableFuture.anyOf(pending.stream().map(waits::get).toArray(CompletableFuture[]::new))
                        .exceptionally(e -> null).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
                int done = pending.stream().filter(i -> waits.get(i).isDone()).findFirst().orElseThrow();
                pending.remove(Integer.valueOf(done));
                try {
                    assertTrue(waits.get(done).get());
                    holders++;
                    for (int other : pending) {
                        assertFalse(waits.get(other).isDone() && !waits.get(other).isCompletedExceptionally(),
                                "two holders after the restart");
                    }
                    queue.get(done + 1).release();
                } catch (ExecutionException failed) {
                    assertNotNull(failed.getCause().getMessage(), "a waiter that fails gets a clear error");
                }
            }
            assertTrue(holders >= 1, "the queue went on after the restart");
        }
    }

    @Test
    void leavesNoNodeAndNoWatchBehindOnceAllClientsClose() throws Exception {
        try (EmbeddedZooKeeper own = EmbeddedZooKeeper.start()) {
            List<Client> queue = queue(4, SeamListener.NONE, own);
            assertTrue(queue.get(0).acquireNow());
            for (Client waiter : queue.subList(1, 4)) {
                waiter.acquire();
                waiter.awaitWaiting();
            }
            queue.get(0).release();
            for (Client client : queue) {
                client.close();
            }
            clients.removeAll(queue);
            try (Inspector inspector = new Inspector(own.connectString())) {
                assertEquals(List.of(), inspector.requestNodes(lockPath));
                assertEquals(0, inspector.watchCount());
            }
        }
    }

    /**
     * Whether the queue is quiescent: {@code holders} hold, {@code waiting} wait, and the server holds a data watch
     * under the lock path for each of those waiters (only data watches: the server's four-letter words dump its data
     * watch table alone, so a children-list watch cannot be seen this way). The waiters are read once and that same set is checked against the server: read twice, a
     * waiter whose notification was in flight at the count and arrived before the watch check would be counted as
     * waiting and then skipped as woken, and the next release would come before it watched again (seen under load).
     */
    private static boolean settled(List<Client> queue, Inspector inspector, String lockPath, int holders,
                                   int waiting) {
        if (queue.stream().filter(c -> c.lock.isHeld()).count() != holders) {
            return false;
        }
        List<Client> waiters = queue.stream().filter(Client::isWaiting).toList();
        if (waiters.size() != waiting) {
            return false;
        }
        try {
            java.util.Set<Long> watching = inspector.sessionsWatchingUnder(lockPath);
            return waiters.stream().allMatch(c -> watching.contains(c.session.sessionId()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- reentrancy, permits, several locks ------------------------------------------------------------------------

    /**
     * From Curator's {@code TestInterProcessSemaphoreMutex} (its reentrancy test, inverted): a lock not flagged
     * reentrant makes the holder's second acquire on the same thread ask again, and wait for itself.
     */
    @Test
    void notReentrant() throws Exception {
        assumeTrue(!Algorithms.get(algorithm()).has(Flag.REENTRANT), () -> algorithm() + " is reentrant: "
                + "HandleContractTest asserts its hold counts");
        Client holder = connect("c1");
        assertTrue(holder.acquireNow());
        assertFalse(holder.acquire(Duration.ofMillis(300)), "a second acquire by the holder waits for itself");
        assertTrue(holder.lock.isHeld(), "the first hold stays");
        try (Inspector inspector = new Inspector(server.connectString())) {
            assertEquals(1, inspector.requestNodes(lockPath).size(), "the second request left nothing behind");
        }
        holder.release();
        assertFalse(holder.lock.isHeld());
    }

    /** A lock that admits more than one holder: a semaphore's permits. Empty when the algorithm has no permits. */
    private Optional<Integer> permits(int wanted) {
        return Algorithms.get(algorithm()).has(Flag.PERMITS) ? Optional.of(wanted) : Optional.empty();
    }

    /**
     * From Curator's {@code TestInterProcessSemaphore.testSimple2} and {@code testReleaseInChunks}: with N permits,
     * N clients hold at once, the next waits, and each release admits exactly one more.
     */
    @Test
    void nPermitsAdmitNHoldersAndTheNextWaits() throws Exception {
        int n = permits(3).orElse(0);
        assumeTrue(n > 0, () -> algorithm() + " has one permit (not flagged 'permits'): mutualExclusion covers it");
        LockTarget target = LockTarget.semaphore(lockPath, n);
        List<Client> holders = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Client client = connect("c" + i, target);
            assertTrue(client.acquireNow(), client.name + " takes permit " + i);
            holders.add(client);
        }
        Client fourth = connect("c" + (n + 1), target);
        Client fifth = connect("c" + (n + 2), target);
        assertFalse(fourth.tryAcquire(), "every permit is taken");
        CompletableFuture<Boolean> fourthWaits = fourth.acquire();
        fourth.awaitWaiting();
        CompletableFuture<Boolean> fifthWaits = fifth.acquire();
        fifth.awaitWaiting();
        holders.get(1).release();
        assertTrue(fourthWaits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS), "a release admits the first waiter");
        assertFalse(fifthWaits.isDone(), "and only it");
        Await.until(fifth::isWaiting, PATIENCE, fifth.name + " waits again");
        holders.get(0).release();
        assertTrue(fifthWaits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        holders.get(2).release();
        fourth.release();
        fifth.release();
        try (Inspector inspector = new Inspector(server.connectString())) {
            assertEquals(List.of(), inspector.requestNodes(lockPath));
        }
    }

    /**
     * From Curator's {@code TestInterProcessSemaphore.testThreads}: many clients taking N permits over and over are
     * never more than N inside at once.
     */
    @Test
    void manyClientsNeverHoldMoreThanThePermits() throws Exception {
        int n = permits(3).orElse(0);
        assumeTrue(n > 0, () -> algorithm() + " has one permit (not flagged 'permits'): mutualExclusion covers it");
        LockTarget target = LockTarget.semaphore(lockPath, n);
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            Client client = connect("c" + i, target);
            runs.add(client.thread.submit(() -> {
                for (int round = 0; round < 10; round++) {
                    client.lock.acquire();
                    most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    inside.decrementAndGet();
                    client.lock.release();
                }
                return null;
            }));
        }
        CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        assertTrue(most.get() <= n, most.get() + " held at once with " + n + " permits");
    }

    /** From Curator's {@code TestInterProcessSemaphore.testKilledSession}: a crashed holder's permit comes back. */
    @Test
    void aCrashedHoldersPermitComesBack() throws Exception {
        int n = permits(2).orElse(0);
        assumeTrue(n > 0, () -> algorithm() + " has one permit: holderCrashesAndTheNextWaiterGetsTheLock covers it");
        LockTarget target = LockTarget.semaphore(lockPath, n);
        Client first = connect("c1", target);
        Client second = connect("c2", target);
        Client waiter = connect("c3", target);
        assertTrue(first.acquireNow());
        assertTrue(second.acquireNow());
        CompletableFuture<Boolean> waits = waiter.acquire();
        waiter.awaitWaiting();
        first.session.crash();
        assertTrue(waits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(second.lock.isHeld() && waiter.lock.isHeld());
    }

    /** Several lock paths taken as one; empty when the algorithm takes one lock only. */
    private Optional<LockTarget> several(String... names) {
        if (!Algorithms.get(algorithm()).has(Flag.MULTI)) {
            return Optional.empty();
        }
        return Optional.of(LockTarget.all(java.util.Arrays.stream(names).map(n -> lockPath + "-" + n).toList()));
    }

    /**
     * From Curator's {@code TestInterProcessMultiMutex} ({@code testAcquireAndLost}'s set-up, as a contract): a
     * multi-lock holds every lock it names, so a client asking for any one of them waits until it releases.
     */
    @Test
    void aMultiLockHoldsEveryLockItNames() throws Exception {
        Optional<LockTarget> both = several("A", "B");
        assumeTrue(both.isPresent(), () -> algorithm() + " takes one lock (not flagged 'multi-lock')");
        Client holder = connect("c1", both.get());
        Client onlyB = connect("c2", several("B").orElseThrow());
        Client onlyA = connect("c3", several("A").orElseThrow());
        assertTrue(holder.acquireNow());
        assertFalse(onlyB.tryAcquire(), "B is held as part of A,B");
        assertFalse(onlyA.tryAcquire(), "A is held as part of A,B");
        CompletableFuture<Boolean> waits = onlyB.acquire();
        onlyB.awaitWaiting();
        holder.release();
        assertTrue(waits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(onlyA.tryAcquire(), "A is free once the multi-lock released");
        onlyA.release();
        onlyB.release();
    }

    /**
     * From Curator's {@code TestInterProcessMultiMutex.testAcquireAndLost} / {@code testSomeReleasesFail}: a
     * multi-lock that cannot take all its locks in time gives back the ones it took.
     */
    @Test
    void aMultiLockThatTimesOutGivesBackWhatItTook() throws Exception {
        Optional<LockTarget> both = several("A", "B");
        assumeTrue(both.isPresent(), () -> algorithm() + " takes one lock (not flagged 'multi-lock')");
        Client holdsB = connect("c1", several("B").orElseThrow());
        Client wantsBoth = connect("c2", both.get());
        Client wantsA = connect("c3", several("A").orElseThrow());
        assertTrue(holdsB.acquireNow());
        assertFalse(wantsBoth.acquire(Duration.ofMillis(300)), "B is held: A,B cannot be had");
        try (Inspector inspector = new Inspector(server.connectString())) {
            assertEquals(List.of(), inspector.requestNodes(lockPath + "-A"), "A was given back");
            assertEquals(1, inspector.requestNodes(lockPath + "-B").size(), "only the holder's node is left on B");
        }
        assertTrue(wantsA.tryAcquire(), "A is free");
        wantsA.release();
        holdsB.release();
    }

    // ---- Curator's own tests, for every algorithm they apply to ---------------------------------------------------

    /**
     * True for the kinds Curator's {@code TestInterProcessSemaphoreMutex}, {@code TestInterProcessSemaphore} and
     * {@code TestInterProcessMultiMutex} test: a lock that is not reentrant, a semaphore, a multi-lock. (The reentrant
     * mutexes and the read/write locks have the tests above; this keeps the suite's cost down.)
     */
    private boolean ofCuratorsOtherKinds() {
        Algorithms.Info info = Algorithms.get(algorithm());
        return info.has(Flag.PERMITS) || info.has(Flag.MULTI) || !info.has(Flag.REENTRANT);
    }

    /** This test's lock as the algorithm takes it: A and B as one for a multi-lock, else the one lock. */
    private LockTarget ownKind() {
        return several("A", "B").orElse(LockTarget.of(lockPath));
    }

    /**
     * From Curator's {@code TestInterProcessMutexBase.test2Clients} (run by Curator for the mutex, the semaphore mutex
     * and the multi-mutex): two clients ask at once; exactly one holds, and its release hands the lock to the other.
     */
    @Test
    void twoClientsAskAtOnceAndTakeTurns() throws Exception {
        assumeTrue(ofCuratorsOtherKinds(), () -> algorithm() + ": mutualExclusion and grantsInRequestOrder cover it");
        Client first = connect("c1", ownKind());
        Client second = connect("c2", ownKind());
        CompletableFuture<Boolean> firstAsks = first.acquire();
        CompletableFuture<Boolean> secondAsks = second.acquire();
        Await.until(() -> first.lock.isHeld() && second.isWaiting() || second.lock.isHeld() && first.isWaiting(),
                PATIENCE, "one holds and the other waits");
        Client holder = first.lock.isHeld() ? first : second;
        Client other = holder == first ? second : first;
        assertFalse(other.lock.isHeld(), "one holder");
        holder.release();
        assertTrue((holder == first ? secondAsks : firstAsks).get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertFalse(holder.lock.isHeld());
        other.release();
    }

    /**
     * From Curator's {@code TestInterProcessSemaphore.testClientClose}: closing a holder's client gives back what it
     * held, and a client waiting for it gets it.
     */
    @Test
    void closingAHoldersClientGivesItsLockBack() throws Exception {
        assumeTrue(ofCuratorsOtherKinds(), () -> algorithm() + ": holderCrashesAndTheNextWaiterGetsTheLock covers it");
        Client first = connect("c1", ownKind());
        Client second = connect("c2", ownKind());
        assertTrue(second.acquireNow());
        second.release();
        assertTrue(first.acquireNow());
        CompletableFuture<Boolean> waits = second.acquire();
        second.awaitWaiting();
        first.close();
        clients.remove(first);
        assertTrue(waits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        second.release();
    }

    /**
     * From Curator's {@code TestInterProcessSemaphore.testRelease1AtATime} and {@code testGetParticipantNodes}
     * (Curator's ten clients on five permits, halved): six clients on three permits all get one in the end, three
     * hold at once and never more, each holder has one node, and each release admits one waiter.
     */
    @Test
    void sixClientsOnThreePermitsReleasedOneAtATime() throws Exception {
        int n = permits(3).orElse(0);
        assumeTrue(n > 0, () -> algorithm() + " has one permit (not flagged 'permits'): mutualExclusion covers it");
        LockTarget target = LockTarget.semaphore(lockPath, n);
        List<Client> all = new ArrayList<>();
        List<CompletableFuture<Boolean>> asks = new ArrayList<>();
        for (int i = 1; i <= 2 * n; i++) {
            Client client = connect("c" + i, target);
            all.add(client);
            asks.add(client.acquire());
        }
        int most = 0;
        for (int done = 0; done < all.size(); done++) {
            int left = all.size() - done;
            Await.until(() -> all.stream().filter(c -> c.lock.isHeld()).count() == Math.min(n, left)
                            && all.stream().filter(Client::isWaiting).count() == Math.max(0, left - n),
                    PATIENCE, "the permits settle with " + left + " clients left");
            most = Math.max(most, (int) all.stream().filter(c -> c.lock.isHeld()).count());
            if (left == n) {
                try (Inspector inspector = new Inspector(server.connectString())) {
                    assertEquals(n, inspector.requestNodes(lockPath).size(), "one node per holder");
                }
            }
            all.stream().filter(c -> c.lock.isHeld()).findFirst().orElseThrow().release();
        }
        assertEquals(n, most, "as many held at once as there are permits, and never more");
        for (CompletableFuture<Boolean> ask : asks) {
            assertTrue(ask.get(PATIENCE.toSeconds(), TimeUnit.SECONDS), "every client had its turn");
        }
    }

    /**
     * From Curator's {@code TestInterProcessSemaphore.testNoOrphanedNodes}: a waiter whose node
     * another program deletes either gets the permit all the same or fails clearly; either way no node is left
     * behind once the holders release, and the permit can be taken again.
     */
    @Test
    void aWaiterWhoseNodeIsDeletedLeavesNoOrphan() throws Exception {
        int n = permits(1).orElse(0);
        assumeTrue(n > 0, () -> algorithm() + " is not a semaphore (not flagged 'permits')");
        LockTarget target = LockTarget.semaphore(lockPath, n);
        Client holder = connect("c1", target);
        Client waiter = connect("c2", target);
        assertTrue(holder.acquireNow());
        try (Inspector inspector = new Inspector(server.connectString())) {
            List<String> before = inspector.requestNodes(lockPath);
            CompletableFuture<Boolean> waits = waiter.acquire();
            waiter.awaitWaiting();
            List<String> added = new ArrayList<>(inspector.requestNodes(lockPath));
            added.removeAll(before);
            // Curator's semaphore also holds its internal lock's node while it waits; the lease is the permit's node.
            String node = added.stream().filter(name -> name.startsWith("leases/")).findFirst()
                    .orElseGet(() -> added.stream().reduce((a, b) -> b).orElseThrow());
            inspector.delete(lockPath + "/" + node);
            holder.release();
            try {
                assertTrue(waits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
                waiter.release();
            } catch (ExecutionException failed) {
                assertNotNull(failed.getCause().getMessage(), "a waiter that fails gets a clear error");
            }
            Await.until(() -> {
                try {
                    return inspector.requestNodes(lockPath).isEmpty();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, PATIENCE, "no node is left behind");
        }
        assertTrue(holder.acquireNow(), "the permit can be taken again");
        holder.release();
    }

    /**
     * From Curator's {@code TestInterProcessMultiMutex.testSomeLocksFailToLock}: a multi-lock whose acquire of a
     * later lock fails (here: its thread is interrupted while it waits for B) gives back the locks it already took.
     */
    @Test
    void aMultiLockThatFailsOnALaterLockGivesBackTheEarlierOnes() throws Exception {
        Optional<LockTarget> both = several("A", "B");
        assumeTrue(both.isPresent(), () -> algorithm() + " takes one lock (not flagged 'multi-lock')");
        Client holdsB = connect("c1", several("B").orElseThrow());
        Client wantsBoth = connect("c2", both.get());
        Client wantsA = connect("c3", several("A").orElseThrow());
        assertTrue(holdsB.acquireNow());
        CompletableFuture<Boolean> waits = wantsBoth.acquire();
        try (Inspector inspector = new Inspector(server.connectString())) {
            Await.until(() -> wantsBoth.isWaiting() && !nodesOf(inspector, lockPath + "-A").isEmpty(), PATIENCE,
                    "c2 holds A and waits for B");
            wantsBoth.thread.interrupt();
            assertThrows(ExecutionException.class, () -> waits.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
            assertFalse(wantsBoth.lock.isHeld());
            // Given back, though not necessarily by the time acquire threw: the interrupted thread's delete can fail on
            // its own interrupt, and Curator's guaranteed delete then finishes in the background (seen under load).
            Await.until(() -> nodesOf(inspector, lockPath + "-A").isEmpty(), PATIENCE, "A was given back");
        }
        assertTrue(wantsA.tryAcquire(), "A is free");
        wantsA.release();
        holdsB.release();
    }

    private static List<String> nodesOf(Inspector inspector, String path) {
        try {
            return inspector.requestNodes(path);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- the herd -------------------------------------------------------------------------------------------------

    @Test
    void tenClientsTakingTheLockInTurnCauseTheExpectedNotifications() throws Exception {
        OptionalInt expected = notificationsForTenInTurn();
        assumeTrue(expected.isPresent(), "no exact herd count is stated for " + algorithm());
        CallRecorder recorder = new CallRecorder();
        List<Client> queue = queue(10, recorder, server);
        Inspector inspector = new Inspector(server.connectString());
        List<CompletableFuture<Boolean>> waits = new ArrayList<>();
        for (Client client : queue) {
            waits.add(client.acquire());
            Await.until(() -> client.isWaiting() || client.lock.isHeld(), PATIENCE, client.name + " holds or waits");
        }
        for (int released = 0; released < queue.size(); released++) {
            Client holder = null;
            for (int i = 0; i < queue.size(); i++) {
                if (queue.get(i).lock.isHeld()) {
                    holder = queue.get(i);
                }
            }
            assertNotNull(holder, "somebody holds the lock");
            holder.release();
            int stillWaiting = queue.size() - released - 1;
            // Quiescent again: one new holder, and every other client back to waiting on a watch the server holds. A
            // waiter whose notification is still on its way looks waiting from its side, but the server has already
            // dropped its watch: releasing then would skip that waiter's next notification.
            int holders = stillWaiting > 0 ? 1 : 0;
            int waiting = Math.max(0, stillWaiting - 1);
            Await.until(() -> settled(queue, inspector, lockPath, holders, waiting), PATIENCE,
                    "the queue settles after a release", () -> "what happened: " + recorder.entries());
        }
        inspector.close();
        // The recorder notes a notification once its watcher has returned, on the event thread; the woken waiter may
        // already be waiting again by then. So the count is awaited, then checked for exactly the expected number.
        Await.until(() -> recorder.notifications().size() >= expected.getAsInt(), PATIENCE,
                "every notification of the last release is recorded", () -> "what happened: " + recorder.entries());
        assertEquals(expected.getAsInt(), recorder.notifications().size(), "what happened: " + recorder.entries());
    }
}
