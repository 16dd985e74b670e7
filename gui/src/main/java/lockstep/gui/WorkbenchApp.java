package lockstep.gui;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.prefs.Preferences;

import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import lockstep.gui.render.LanePictures;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.view.ViewSettings;
import lockstep.gui.view.WorkbenchView;
import lockstep.gui.viewmodel.WorkbenchViewModel;

/**
 * The window. Started by the {@code gui} command ({@link lockstep.gui.cli.GuiCommand}) through
 * {@link Application#launch}; its options come from {@link #use}.
 */
public final class WorkbenchApp extends Application {

    /** What to open and whether to print timings. */
    public record Options(String spec, List<String> algorithms, Long seed, boolean timing) {
    }

    private static volatile Options options = new Options("02", List.of("naive", "sequential"), null, false);

    private ExecutorService loader;
    private ExecutorService exporter;

    public static void use(Options value) {
        options = value;
    }

    /** Milliseconds since the JVM started. */
    public static long sinceJvmStart() {
        return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    }

    @Override
    public void start(Stage stage) {
        Options o = options;
        loader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lockstep-loader");
            t.setDaemon(true);
            return t;
        });
        // Exports have a thread of their own: a long GIF never holds up opening a scenario.
        exporter = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lockstep-export");
            t.setDaemon(true);
            return t;
        });
        WorkbenchViewModel vm = new WorkbenchViewModel(new SimulatorSource(), loader, Platform::runLater,
                Preferences.userRoot().node("lockstep/gui"), new LanePictures(), exporter);
        WorkbenchView view = new WorkbenchView(vm, new ViewSettings(true));
        lockstep.gui.view.WindowFonts.missingFontWarning().ifPresent(System.err::println);
        // The window takes the screen it opens on (its visible part, without the task bar): the layout fits itself
        // to that (WorkbenchView), so a 1280x800 projector and a 1920x1080 screen each get all their room.
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        double w = screen.getWidth();
        double h = screen.getHeight();
        Scene scene = WorkbenchView.scene(view, w, h);
        stage.setTitle("Lockstep");
        stage.setScene(scene);
        stage.setX(screen.getMinX());
        stage.setY(screen.getMinY());
        stage.show();
        // The keyboard drives the timeline from the start: focus must not open in the seed field, which keeps arrows.
        view.requestFocus();
        new AnimationTimer() {
            private boolean windowShown;

            @Override
            public void handle(long now) {
                if (!windowShown) {
                    windowShown = true;
                    report("first frame (window) shown " + sinceJvmStart() + " ms after JVM start", o);
                }
                if (vm.getCursor() != null) {
                    report("lanes drawn " + sinceJvmStart() + " ms after JVM start", o);
                    stop();
                }
            }
        }.start();
        vm.open(o.spec(), o.algorithms(), o.seed());
    }

    private static void report(String line, Options o) {
        if (o.timing()) {
            System.out.println("timing: " + line);
        }
    }

    @Override
    public void stop() {
        if (loader != null) {
            loader.shutdownNow();
        }
        if (exporter != null) {
            exporter.shutdownNow();
        }
    }
}
