package lockstep.gui.view;

import java.util.List;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.util.Duration;
import lockstep.simulator.check.Finding;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/**
 * The timeline: a scrubber with script-line ticks, narration diamonds and red checker-finding markers, the transport
 * (home, line back, event back, play/pause, event forward, line forward, end), the speed and the position line. Every
 * button delegates to the {@link ReplayCursor} and is enabled by its properties.
 */
public final class TimelineView extends VBox {

    private final ReplayCursor cursor;
    private final ViewSettings settings;
    private final Track scrubber;
    private final Timeline player;

    public TimelineView(ReplayCursor cursor, ViewSettings settings) {
        this.cursor = cursor;
        this.settings = settings;
        getStyleClass().add("timeline");
        scrubber = new Track(cursor, settings);
        // Taller in presentation mode, for line numbers as large as the rest of the projected text
        Runnable fit = () -> {
            double grow = Track.numberSize(settings) - 13;
            scrubber.setMinSize(200, 48 + grow);
            scrubber.setPrefHeight(48 + grow);
            scrubber.draw();
        };
        fit.run();
        settings.presentationProperty().addListener(o -> fit.run());
        settings.roomProperty().addListener(o -> fit.run());
        scrubber.setOnMousePressed(e -> scrubber.seekTo(e.getX()));
        scrubber.setOnMouseDragged(e -> scrubber.seekTo(e.getX()));
        scrubber.setId("scrubber");

        Button home = button("home", WindowTexts.text("timeline.first-beat"), cursor::home);
        Button lineBack = button("line-back", WindowTexts.text("timeline.previous-line"), cursor::previousLine);
        Button back = button("back", WindowTexts.text("timeline.previous-beat"), cursor::back);
        Button play = button("play", WindowTexts.text("timeline.play"), cursor::togglePlay);
        play.getStyleClass().add("play-button");
        Button forward = button("forward", WindowTexts.text("timeline.next-beat"), cursor::forward);
        Button lineForward = button("line-forward", WindowTexts.text("timeline.next-line"), cursor::nextLine);
        Button end = button("end", WindowTexts.text("timeline.last-beat"), cursor::end);
        home.setId("home");
        back.setId("back");
        lineBack.setId("line-back");
        forward.setId("forward");
        lineForward.setId("line-forward");
        end.setId("end");
        play.setId("play");
        home.disableProperty().bind(cursor.canGoBackProperty().not());
        back.disableProperty().bind(cursor.canGoBackProperty().not());
        lineBack.disableProperty().bind(cursor.canGoBackProperty().not());
        forward.disableProperty().bind(cursor.canGoForwardProperty().not());
        lineForward.disableProperty().bind(cursor.canGoForwardProperty().not());
        end.disableProperty().bind(cursor.canGoForwardProperty().not());
        cursor.playingProperty().addListener((o, a, b) -> play.setGraphic(icon(b ? "pause" : "play")));
        // In presentation mode the buttons' shapes take the projected text's size, as the status line beside them does
        Runnable iconsFit = () -> {
            for (Button b : List.of(home, lineBack, back, play, forward, lineForward, end)) {
                String name = b == play ? (cursor.playingProperty().get() ? "pause" : "play") : b.getId();
                b.setGraphic(icon(name));
            }
        };
        settings.presentationProperty().addListener(o -> iconsFit.run());
        settings.roomProperty().addListener(o -> iconsFit.run());
        iconsFit.run();

        ComboBox<Double> speed = new ComboBox<>(FXCollections.observableArrayList(0.5, 1.0, 2.0, 4.0, 8.0));
        speed.setValue(cursor.speedProperty().get());
        speed.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Double d) {
                return d == null ? "" : WindowTexts.text("timeline.speed", d == Math.floor(d) ? Integer.toString(d.intValue()) : d.toString());
            }

            @Override
            public Double fromString(String s) {
                return 1.0;
            }
        });
        speed.setFocusTraversable(false);
        speed.valueProperty().addListener((o, a, b) -> cursor.speedProperty().set(b));

        Label position = new Label();
        position.getStyleClass().add("position");
        position.setId("position");
        position.textProperty().bind(cursor.positionProperty());
        position.setMinWidth(0);
        // The status line is read in full, the current script line's text with it: it wraps rather than cut.
        position.setWrapText(true);
        position.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(position, Priority.ALWAYS);
        position.setMaxWidth(Double.MAX_VALUE);


        // The whole position line on hover too; the speed box never shrinks.
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(cursor.positionProperty());
        position.setTooltip(whole);
        speed.setMinWidth(Region.USE_PREF_SIZE);
        // (the scrubber's key is in the legend's line: the status line has the rest of this one to itself)
        HBox transport = new HBox(home, lineBack, back, play, forward, lineForward, end, speed, position);
        transport.getStyleClass().add("transport");
        transport.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(scrubber, transport);

        player = new Timeline(new KeyFrame(Duration.seconds(1 / ReplayCursor.EVENTS_PER_SECOND),
                e -> cursor.tick()));
        player.setCycleCount(Animation.INDEFINITE);
        player.rateProperty().bind(cursor.speedProperty());
        cursor.playingProperty().addListener((o, a, b) -> {
            if (b) {
                player.play();
            } else {
                player.stop();
            }
        });
    }

    /** A transport shape, as large as the window's text: 12 px beside 15 px text, 19 px beside presentation's 24. */
    private javafx.scene.Node icon(String name) {
        javafx.scene.shape.SVGPath shape = Icons.transport(name);
        double k = Math.max(1, settings.minText() / 15);
        shape.setScaleX(k);
        shape.setScaleY(k);
        // (in a group, so the button is sized for the scaled shape)
        return new javafx.scene.Group(shape);
    }

    private Button button(String icon, String tip, Runnable action) {
        Button b = new Button();
        b.setGraphic(Icons.transport(icon));
        b.setTooltip(new Tooltip(tip));
        b.setFocusTraversable(false);
        b.setOnAction(e -> action.run());
        return b;
    }

    public void dispose() {
        player.stop();
    }

    /** The scrubber: script lines, narration, findings and the playhead over the beats, on the shared canvas base. */
    static final class Track extends CursorCanvas {

        Track(ReplayCursor cursor, ViewSettings settings) {
            super(cursor, settings);
        }

        private double left() {
            return 14;
        }

        /** The script lines' numbers: 13 px, and in presentation mode the projected text's size (24 px at 1920). */
        static double numberSize(ViewSettings settings) {
            return Math.max(13, settings.minText());
        }

        private double trackWidth() {
            return Math.max(10, canvas.getWidth() - 28);
        }

        void seekTo(double x) {
            int n = cursor.sizeProperty().get();
            double f = Math.max(0, Math.min(1, (x - left()) / trackWidth()));
            cursor.seek((int) Math.round(f * (n - 1)));
        }

        private double xOf(int index) {
            int n = Math.max(2, cursor.sizeProperty().get());
            return left() + trackWidth() * index / (n - 1);
        }

        @Override
        protected void draw() {
            Palette p = settings.palette();
            GraphicsContext g = canvas.getGraphicsContext2D();
            double w = canvas.getWidth();
            double h = canvas.getHeight();
            g.clearRect(0, 0, w, h);
            LaneViewModel lane = cursor.focusedLaneModel();
            Beats beats = cursor.beats();
            int at = cursor.getIndex();
            double trackY = h - 14;
            int currentStep = beats.beat(at).step();
            // current script line's span
            if (currentStep > 0) {
                double x1 = xOf(beats.firstBeatOfStep(currentStep));
                double x2 = xOf(beats.lastBeatOfStep(currentStep));
                g.setFill(p.accentTint());
                g.fillRect(x1, trackY - 26, Math.max(2, x2 - x1), 30);
            }
            g.setLineDashes();
            g.setLineWidth(6);
            g.setLineCap(javafx.scene.shape.StrokeLineCap.ROUND);
            g.setStroke(p.border());
            g.strokeLine(left(), trackY, left() + trackWidth(), trackY);
            g.setStroke(p.accent());
            g.strokeLine(left(), trackY, xOf(at), trackY);
            g.setLineCap(javafx.scene.shape.StrokeLineCap.BUTT);
            // script line ticks and numbers
            g.setLineWidth(1.5);
            g.setStroke(p.text3());
            double size = numberSize(settings);
            g.setFont(Font.font(WindowFonts.sans(), size));
            double lastLabel = -100;
            for (int k = 1; k <= beats.stepCount(); k++) {
                double x = xOf(beats.firstBeatOfStep(k));
                g.strokeLine(x, trackY - 8, x, trackY + 8);
                if (x - lastLabel > 2 * size) {
                    boolean current = k == currentStep;
                    g.setFill(current ? p.accent() : p.text2());
                    g.setFont(Font.font(WindowFonts.sans(), current ? FontWeight.BOLD : FontWeight.NORMAL, size));
                    // a number right of its tick, but never past the canvas' edge (the last line's "16" was cut)
                    String number = Integer.toString(k);
                    javafx.scene.text.Text measure = new javafx.scene.text.Text(number);
                    measure.setFont(g.getFont());
                    double labelX = Math.min(x + 3, w - measure.getLayoutBounds().getWidth() - 1);
                    g.fillText(number, labelX, trackY - 18);
                    lastLabel = x;
                }
            }
            // narration diamonds and findings
            for (int b = 0; b < beats.size(); b++) {
                if (beats.beat(b).narration() && (b == 0 || beats.beat(b - 1).step() != beats.beat(b).step())) {
                    double x = xOf(b);
                    boolean passed = b <= at;
                    diamond(g, x, trackY - 14, 5, passed ? p.accent() : p.surface(), p.accent());
                }
            }
            for (Finding v : lane.replays().violations()) {
                double x = xOf(beats.beatOf(cursor.focusedLaneProperty().get(), v.at()));
                g.setFill(p.finding());
                g.fillPolygon(new double[] {x - 7, x + 7, x}, new double[] {trackY - 26, trackY - 26, trackY - 14}, 3);
            }
            // playhead
            double x = xOf(at);
            g.setFill(p.surface());
            g.fillOval(x - 8, trackY - 8, 16, 16);
            g.setStroke(p.accent());
            g.setLineWidth(3);
            g.strokeOval(x - 8, trackY - 8, 16, 16);
        }


        private static void diamond(GraphicsContext g, double x, double y, double r, javafx.scene.paint.Color fill,
                                    javafx.scene.paint.Color stroke) {
            double[] xs = {x, x + r, x, x - r};
            double[] ys = {y - r, y, y + r, y};
            g.setFill(fill);
            g.fillPolygon(xs, ys, 4);
            g.setStroke(stroke);
            g.setLineWidth(1.5);
            g.strokePolygon(xs, ys, 4);
        }
    }
}
