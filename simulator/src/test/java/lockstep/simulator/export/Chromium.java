package lockstep.simulator.export;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A real headless Chromium, driven over its DevTools protocol with the JDK's own WebSocket client (no driver, no
 * extra dependency): Debian's {@code chromium} package, or the browser {@value #PROPERTY} names. Steps: start it on
 * a free debugging port with a throwaway profile, read the port from its first lines, attach to its page; then
 * commands wait for their answers (with a timeout), and every event the page sends is kept for the test to read.
 * Guarantees: one browser per instance, stopped (and its profile deleted) by {@link #close}. Public for the
 * window's tests (the course site's), which take it from this module's test jar.
 */
public final class Chromium implements AutoCloseable {

    /** The system property (or, upper-cased with '_', environment variable) naming the browser to use. */
    static final String PROPERTY = "lockstep.chromium";
    /** What the tests say when no browser is there. */
    public static final String HOW_TO_INSTALL = "no Chromium found (set -D" + PROPERTY + "=PATH, or install Debian's: "
            + "sudo apt-get install -y chromium chromium-driver; the tests install it themselves when run as root)";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration ANSWER = Duration.ofSeconds(60);
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^\\s]+)");

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final List<Watch> watches = new CopyOnWriteArrayList<>();

    private record Watch(Predicate<JsonNode> wanted, CompletableFuture<JsonNode> seen) {
    }

    /** The browser's executable, when there is one. */
    /**
     * The browser to drive: {@link #find()}, else, when the tests run as root on a machine with apt-get, Debian's
     * Chromium installed for them (the project installs the parts its tests name; quietly, its output to a log file).
     */
    public static java.util.Optional<Path> findOrInstall() {
        java.util.Optional<Path> found = find();
        if (found.isPresent() || !"root".equals(System.getProperty("user.name"))
                || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return found;
        }
        try {
            Path log = Files.createTempFile("lockstep-chromium-install-", ".log");
            for (List<String> command : List.of(List.of("apt-get", "update", "-q"),
                    List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium",
                            "chromium-driver"))) {
                ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
                builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
                if (!builder.start().waitFor(10, java.util.concurrent.TimeUnit.MINUTES)) {
                    return find();
                }
            }
        } catch (java.io.IOException e) {
            return find();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return find();
    }

    public static java.util.Optional<Path> find() {
        String named = System.getProperty(PROPERTY, System.getenv("LOCKSTEP_CHROMIUM"));
        if (named != null && !named.isBlank()) {
            return java.util.Optional.of(Path.of(named)).filter(Files::isExecutable);
        }
        return Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
                .map(Path::of).filter(Files::isExecutable).findFirst();
    }

    /** Starts the browser at {@code executable} with a window of {@code width} x {@code height}. */
    public static Chromium start(Path executable, int width, int height) throws Exception {
        Path profile = Files.createTempDirectory("lockstep-chromium-");
        List<String> command = List.of(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
                "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--hide-scrollbars", "--mute-audio", "--lang=en-US",
                "--window-size=" + width + "," + height, "about:blank");
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String browserSocket = listeningOn(process);
            URI version = URI.create(browserSocket.replaceFirst("^ws://", "http://").replaceFirst("/devtools/.*$",
                    "/json/list"));
            HttpClient http = HttpClient.newHttpClient();
            JsonNode targets = JSON.readTree(http.send(HttpRequest.newBuilder(version).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            String page = null;
            for (JsonNode target : targets) {
                if ("page".equals(target.path("type").asText())) {
                    page = target.path("webSocketDebuggerUrl").asText();
                    break;
                }
            }
            if (page == null) {
                throw new IllegalStateException("Chromium opened no page: " + targets);
            }
            return new Chromium(process, profile, http, URI.create(page));
        } catch (Exception e) {
            process.destroyForcibly();
            deleteTree(profile);
            throw e;
        }
    }

    /** The browser writes its DevTools address on its error stream first; the rest of that stream is drained. */
    private static String listeningOn(Process process) throws Exception {
        BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8));
        CompletableFuture<String> address = new CompletableFuture<>();
        StringBuilder seen = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        address.complete(m.group(1));
                    } else if (!address.isDone() && seen.length() < 4000) {
                        seen.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                // the browser went away: whoever waits for its address hears it below
            }
            address.completeExceptionally(new IllegalStateException("Chromium ended without its DevTools address:\n"
                    + seen));
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        return address.get(ANSWER.toSeconds(), TimeUnit.SECONDS);
    }

    private Chromium(Process process, Path profile, HttpClient http, URI page) throws Exception {
        this.process = process;
        this.profile = profile;
        this.socket = http.newWebSocketBuilder().buildAsync(page, new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    received(partial.toString());
                    partial.setLength(0);
                }
                ws.request(1);
                return null;
            }
        }).get(ANSWER.toSeconds(), TimeUnit.SECONDS);
    }

    private void received(String text) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("DevTools sent no JSON: " + text, e);
        }
        if (message.has("id")) {
            CompletableFuture<JsonNode> answer = waiting.remove(message.get("id").asInt());
            if (answer != null) {
                if (message.has("error")) {
                    answer.completeExceptionally(new IllegalStateException("DevTools: " + message.get("error")));
                } else {
                    answer.complete(message.path("result"));
                }
            }
            return;
        }
        events.add(message);
        for (Watch w : watches) {
            if (w.wanted().test(message) && w.seen().complete(message)) {
                watches.remove(w);
            }
        }
    }

    /** Sends a command and waits for its result. */
    public JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        waiting.put(id, answer);
        ObjectNode message = JSON.createObjectNode();
        message.put("id", id);
        message.put("method", method);
        message.set("params", params == null ? JSON.createObjectNode() : params);
        socket.sendText(JSON.writeValueAsString(message), true).get(ANSWER.toSeconds(), TimeUnit.SECONDS);
        return answer.get(ANSWER.toSeconds(), TimeUnit.SECONDS);
    }

    public JsonNode call(String method) throws Exception {
        return call(method, null);
    }

    public static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** Opens {@code url} and waits until the page has loaded. */
    public void open(String url) throws Exception {
        CompletableFuture<JsonNode> loaded = next(m -> "Page.loadEventFired".equals(m.path("method").asText()));
        call("Page.navigate", params().put("url", url));
        loaded.get(ANSWER.toSeconds(), TimeUnit.SECONDS);
    }

    /** The next event that {@code wanted} accepts, from now on. */
    public CompletableFuture<JsonNode> next(Predicate<JsonNode> wanted) {
        CompletableFuture<JsonNode> seen = new CompletableFuture<>();
        watches.add(new Watch(wanted, seen));
        return seen;
    }

    /** The value of a JavaScript expression (a promise is awaited), as JSON. */
    public JsonNode evaluate(String expression) throws Exception {
        JsonNode result = call("Runtime.evaluate", params().put("expression", expression)
                .put("returnByValue", true).put("awaitPromise", true));
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("the page threw: " + result.get("exceptionDetails"));
        }
        return result.path("result").path("value");
    }

    /** Presses one key (down, then up), with Shift when asked, as a user would on the page. */
    public void press(String key, String code, int keyCode, boolean shift) throws Exception {
        for (String type : List.of("rawKeyDown", "keyUp")) {
            ObjectNode p = params().put("type", type).put("key", key).put("code", code)
                    .put("windowsVirtualKeyCode", keyCode).put("nativeVirtualKeyCode", keyCode)
                    .put("modifiers", shift ? 8 : 0);
            call("Input.dispatchKeyEvent", p);
            if (type.equals("rawKeyDown") && key.length() == 1) {
                call("Input.dispatchKeyEvent", params().put("type", "char").put("key", key).put("text", key)
                        .put("code", code).put("windowsVirtualKeyCode", keyCode).put("modifiers", shift ? 8 : 0));
            }
        }
    }

    /** Every event received so far. */
    public List<JsonNode> events() {
        return new ArrayList<>(events);
    }

    /**
     * What went wrong on the pages so far: every exception, console error, warning or failed assertion, log error,
     * and request for an address (its fragment dropped) that {@code allowed} does not accept. Needs the Runtime, Log
     * and Network domains enabled.
     */
    public List<String> problems(Predicate<String> allowed) {
        List<String> wrong = new ArrayList<>();
        for (JsonNode event : events()) {
            String method = event.path("method").asText();
            JsonNode p = event.path("params");
            switch (method) {
                case "Runtime.exceptionThrown" -> wrong.add("exception: " + p.path("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    String type = p.path("type").asText();
                    if (type.equals("error") || type.equals("assert") || type.equals("warning")) {
                        wrong.add("console " + type + ": " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    if (p.path("entry").path("level").asText().equals("error")) {
                        wrong.add("log error: " + p.path("entry"));
                    }
                }
                case "Network.requestWillBeSent" -> {
                    String url = p.path("request").path("url").asText().replaceFirst("#.*$", "");
                    if (!allowed.test(url)) {
                        wrong.add("request: " + url);
                    }
                }
                default -> {
                }
            }
        }
        return wrong;
    }

    /** A PNG of the page as it is drawn now. */
    public byte[] screenshot() throws Exception {
        String data = call("Page.captureScreenshot", params().put("format", "png")).path("data").asText();
        return java.util.Base64.getDecoder().decode(data);
    }

    @Override
    public void close() {
        socket.abort();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteTree(profile);
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException e) {
            // A leftover profile in the temp directory harms nothing; and the browser's helper processes may still be
            // writing and removing their files while the walk reads the tree (a file gone under it, seen once).
        }
    }
}
