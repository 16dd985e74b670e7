package lockstep.gui.view;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.animation.AnimationTimer;
import javafx.animation.FadeTransition;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.SVGPath;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;
import lockstep.simulator.check.Finding;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.StateStyle;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * One lane drawn from its {@link LaneViewModel}: the znode cards under the lock path (left), the clients (right), the
 * watches as dashed arrows between them (a canvas underneath), the counters and any checker finding. Client rows are
 * built once and updated in place; znode cards are pooled by path; rows shrink when there are many clients.
 */
public final class LaneView extends VBox {

    private static final double FULL_PITCH = 56;
    private static final double FIT_ROWS = 9;

    private final LaneViewModel vm;
    private final ViewSettings settings;
    private final Pane layer = new Pane();
    private final Canvas canvas = new Canvas();
    private final StackPane body = new StackPane();
    private final ScrollPane scroll = new ScrollPane();
    private final Label pathInfo = new Label();
    private final Label findingLabel = new Label();
    private final Label noteLabel = new Label();
    private final Label writeLabel = new Label();
    private final Label notifications = new Label();
    private final Label futile = new Label();
    private final Label calls = new Label();
    private final Label holders = new Label();
    private final Label holderNames = new Label();
    private final Label laneCaption = new Label();
    private final Label tally = new Label();
    private final Map<String, ClientRow> rows = new HashMap<>();
    private final List<ClientRow> rowOrder = new ArrayList<>();
    private final Map<String, ZnodeCard> cards = new HashMap<>();
    private final List<ZnodeCard> spare = new ArrayList<>();
    private final Map<String, double[]> cardAnchor = new HashMap<>();
    private double pulsePhase;
    private AnimationTimer pulseTimer;
    private long pulseStart;
    private ClientMenuRequest onClientMenu;

    /** Asks for a client's menu at a point on the screen: the window offers the branch actions there. */
    @FunctionalInterface
    public interface ClientMenuRequest {
        void show(String client, javafx.scene.Node owner, double screenX, double screenY);
    }

    public LaneView(LaneViewModel vm, ViewSettings settings, Runnable onFocus) {
        this.vm = vm;
        this.settings = settings;
        getStyleClass().add("lane");
        setSpacing(8);
        setMinWidth(420);

        Label title = new Label(vm.title());
        title.getStyleClass().add("lane-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label subtitle = new Label(LaneViewModel.subtitle(vm.algorithm()));
        subtitle.getStyleClass().add("lane-subtitle");
        subtitle.setMinWidth(0);
        subtitle.setWrapText(true);
        // Title and subtitle on lines of their own: three lanes side by side leave no room for both on one line.
        VBox header = new VBox(2, title, subtitle);

        Label path = new Label(vm.replays().run().lockPath());
        path.getStyleClass().add("path-chip");
        pathInfo.getStyleClass().add("muted-text");
        Label server = new Label();
        server.getStyleClass().add("server-chip");
        server.textProperty().bind(vm.serverProperty());
        server.setMinWidth(Region.USE_PREF_SIZE);
        server.pseudoClassStateChanged(STOPPED, vm.serverStoppedProperty().get());
        vm.serverStoppedProperty().addListener((o, a, b) -> server.pseudoClassStateChanged(STOPPED, b));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox pathRow = new HBox(10, path, pathInfo, gap, server);
        pathRow.setAlignment(Pos.CENTER_LEFT);

        for (int i = 0; i < vm.clients().size(); i++) {
            ClientRow row = new ClientRow(vm.clients().get(i), i);
            rows.put(row.name, row);
            rowOrder.add(row);
            layer.getChildren().add(row);
        }
        canvas.setManaged(false);
        layer.setManaged(true);
        Pane canvasHolder = new Pane(canvas);
        body.getChildren().addAll(canvasHolder, layer);
        body.getStyleClass().add("lane-body");
        scroll.setContent(body);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        scroll.getStyleClass().add("lane-scroll");
        scroll.vvalueProperty().addListener(o -> drawArrows());
        VBox.setVgrow(scroll, Priority.ALWAYS);

        findingLabel.getStyleClass().add("finding-banner");
        findingLabel.setWrapText(true);
        findingLabel.setMaxWidth(Double.MAX_VALUE);
        // Notes (a stale holder) are worth seeing but are not failures: a calmer banner of their own.
        noteLabel.getStyleClass().add("note-banner");
        noteLabel.setWrapText(true);
        noteLabel.setMaxWidth(Double.MAX_VALUE);
        // The resource line exists only for runs that write: its height then stays fixed for the whole run.
        writeLabel.getStyleClass().add("write-mark");
        writeLabel.setMaxWidth(Double.MAX_VALUE);
        writeLabel.setMinHeight(Region.USE_PREF_SIZE);
        writeLabel.setId("write-" + vm.algorithm());
        boolean writes = vm.writeProperty().get() != null;
        writeLabel.setVisible(writes);
        writeLabel.setManaged(writes);
        vm.writeProperty().addListener((o, a, b) -> showWrite(b));
        showWrite(vm.writeProperty().get());

        HBox counters = new HBox(counter("notifications", notifications), counter("futile wake-ups", futile),
                counter("ZooKeeper calls", calls), holdersCounter());
        counters.getStyleClass().add("counters");
        // The lane's own caption, generated from its trace: a fixed two-line height so the lane never jumps.
        laneCaption.getStyleClass().add("lane-caption");
        laneCaption.setWrapText(true);
        laneCaption.setMaxWidth(Double.MAX_VALUE);
        laneCaption.setAlignment(Pos.TOP_LEFT);
        laneCaption.setId("caption-" + vm.algorithm());
        laneCaption.textProperty().bind(vm.captionProperty());
        tally.getStyleClass().add("lane-tally");
        tally.setMaxWidth(Double.MAX_VALUE);
        tally.textProperty().bind(vm.tallyProperty());
        getChildren().addAll(header, pathRow, laneCaption, writeLabel, scroll, findingLabel, noteLabel, counters,
                tally);

        setOnMousePressed(e -> onFocus.run());
        vm.stateProperty().addListener((o, a, b) -> refresh());
        vm.selectedProperty().addListener((o, a, b) -> refresh());
        vm.focusedProperty().addListener((o, a, b) -> pseudoClassStateChanged(FOCUSED_LANE, b));
        pseudoClassStateChanged(FOCUSED_LANE, vm.focusedProperty().get());
        settings.paletteProperty().addListener((o, a, b) -> refresh());
        settings.presentationProperty().addListener((o, a, b) -> refresh());
        scroll.viewportBoundsProperty().addListener((o, a, b) -> {
            if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
                refresh();
            }
        });
        refresh();
    }

    private static final javafx.css.PseudoClass FOCUSED_LANE = javafx.css.PseudoClass.getPseudoClass("focused-lane");
    private static final javafx.css.PseudoClass STOPPED = javafx.css.PseudoClass.getPseudoClass("stopped");
    private static final javafx.css.PseudoClass ACCEPTED = javafx.css.PseudoClass.getPseudoClass("accepted");
    private static final javafx.css.PseudoClass REFUSED = javafx.css.PseudoClass.getPseudoClass("refused");

    private void showWrite(LaneViewModel.WriteMark mark) {
        writeLabel.setText(mark == null ? "" : (mark.fresh() ? (mark.accepted() ? "✓ " : "✗ ") : "") + mark.text());
        writeLabel.pseudoClassStateChanged(ACCEPTED, mark != null && mark.fresh() && mark.accepted());
        writeLabel.pseudoClassStateChanged(REFUSED, mark != null && mark.fresh() && !mark.accepted());
    }

    private VBox counter(String name, Label value) {
        Label label = new Label(name);
        label.getStyleClass().add("counter-label");
        value.getStyleClass().add("counter-value");
        VBox box = new VBox(2, label, value);
        box.getStyleClass().add("counter");
        HBox.setHgrow(box, Priority.ALWAYS);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    private VBox holdersCounter() {
        Label label = new Label("holders");
        label.getStyleClass().add("counter-label");
        holders.getStyleClass().add("counter-value");
        holderNames.getStyleClass().add("holder-names");
        HBox values = new HBox(6, holders, holderNames);
        values.setAlignment(Pos.BASELINE_LEFT);
        VBox box = new VBox(2, label, values);
        box.getStyleClass().add("counter");
        HBox.setHgrow(box, Priority.ALWAYS);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    /** Client row pitch: 56 px up to nine clients, then rows shrink (and the lane scrolls below 12 px). */
    double pitch() {
        int n = Math.max(1, vm.clients().size());
        double viewport = scroll.getViewportBounds() == null ? 0 : scroll.getViewportBounds().getHeight();
        double full = FULL_PITCH * settings.scale();
        if (n <= FIT_ROWS) {
            return full;
        }
        double fit = viewport > 100 ? (viewport - 8) / n : FIT_ROWS * full / n;
        return Math.max(12, Math.min(full, fit));
    }

    private void refresh() {
        ReplayState s = vm.getState();
        if (s == null) {
            return;
        }
        double scale = settings.scale();
        double pitch = pitch();
        double width = Math.max(380, scroll.getViewportBounds() == null || scroll.getViewportBounds().getWidth() < 10
                ? getWidth() - 32 : scroll.getViewportBounds().getWidth());
        int n = vm.clients().size();
        double height = Math.max(pitch * n, FULL_PITCH * scale) + 8;
        double clientW = Math.min(280 * scale, width * 0.5);
        double clientX = width - clientW;
        double cardW = Math.min(pitch >= 40 ? 200 * scale : 150 * scale, width * 0.36);
        double cardX = 14;
        layer.setPrefSize(width, height);
        layer.setMinHeight(height);
        body.setMinHeight(height);
        canvas.setWidth(width);
        canvas.setHeight(Math.min(height, viewportHeight()));

        List<Finding> findings = vm.findingsProperty().get();
        List<String> flagged = new ArrayList<>();
        for (Finding v : findings) {
            if (v.isFailure()) {
                flagged.addAll(v.clients());
            }
        }
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < rowOrder.size(); i++) {
            ClientRow row = rowOrder.get(i);
            position.put(row.name, i);
            ReplayState.ClientView c = s.clients().get(row.name);
            if (c == null) {
                c = ReplayState.ClientView.initial(row.name);
            }
            row.update(c, LaneViewModel.caption(s, c), LaneViewModel.status(s, c), flagged.contains(row.name),
                    row.name.equals(vm.selectedProperty().get()), pitch, clientW);
            row.relocate(clientX, i * pitch + 4);
        }

        // znode cards: what to draw and where is decided by the view model
        List<LaneViewModel.Card> entries = vm.cards(s);
        Map<String, ZnodeCard> keep = new HashMap<>();
        double cardH = Math.max(8, Math.min(48 * scale, pitch - 8));
        cardAnchor.clear();
        for (LaneViewModel.Card e : entries) {
            String path = e.path();
            ZnodeCard card = cards.remove(path);
            boolean fresh = card == null;
            if (fresh) {
                card = spare.isEmpty() ? new ZnodeCard() : spare.remove(spare.size() - 1);
                layer.getChildren().add(0, card);
            }
            String owner = e.owner();
            int pos = position.getOrDefault(owner, 0);
            card.fullPath = path;
            card.update(e.sequence(), e.label(), owner, pos, e.mode(), e.ephemeral() || e.ghost(), e.held(), e.ghost(),
                    flagged.contains(owner) && e.held(), cardW, cardH, pitch);
            double y = e.slot() < 0 ? Math.max(4, (n * pitch - cardH) / 2)
                    : e.slot() * pitch + 4 + (pitch - 8 - cardH) / 2;
            card.relocate(cardX, y);
            cardAnchor.put(path, new double[] {cardX + cardW, y + cardH / 2});
            keep.put(path, card);
            if (fresh && settings.animate()) {
                card.setOpacity(0);
                FadeTransition fade = new FadeTransition(Duration.millis(220), card);
                fade.setToValue(1);
                fade.play();
            } else if (fresh) {
                card.setOpacity(1);
            }
        }
        for (ZnodeCard gone : cards.values()) {
            layer.getChildren().remove(gone);
            spare.add(gone);
        }
        cards.clear();
        cards.putAll(keep);

        int children = s.znodes().size();
        pathInfo.setText(children + (children == 1 ? " child" : " children"));
        notifications.setText(Integer.toString(s.counters().notifications()));
        futile.setText(Integer.toString(s.counters().futileWakeups()));
        calls.setText(Integer.toString(s.counters().totalCalls()));
        holders.setText(Integer.toString(s.holders().size()));
        holderNames.setText(String.join(" ", s.holders().size() > 3 ? s.holders().subList(0, 3) : s.holders()));
        holders.pseudoClassStateChanged(TOO_MANY, s.holders().size() > 1 && !allReaders(s));
        StringBuilder text = new StringBuilder();
        StringBuilder notes = new StringBuilder();
        for (Finding v : findings) {
            StringBuilder to = v.isFailure() ? text : notes;
            to.append(to.length() == 0 ? "" : "\n").append(v.isFailure() ? "▼ " : "note: ").append(v.message());
        }
        findingLabel.setText(text.toString());
        findingLabel.setVisible(text.length() > 0);
        findingLabel.setManaged(text.length() > 0);
        noteLabel.setText(notes.toString());
        noteLabel.setVisible(notes.length() > 0);
        noteLabel.setManaged(notes.length() > 0);
        updatePulse();
        drawArrows();
    }

    private static final javafx.css.PseudoClass TOO_MANY = javafx.css.PseudoClass.getPseudoClass("too-many");

    private static boolean allReaders(ReplayState s) {
        for (String h : s.holders()) {
            ReplayState.ClientView c = s.clients().get(h);
            if (c == null || !"read".equals(c.mode())) {
                return false;
            }
        }
        return true;
    }

    static long sequenceOf(String name) {
        return LaneViewModel.sequenceOf(name);
    }

    private void updatePulse() {
        boolean firing = !vm.firingProperty().get().isEmpty();
        if (!settings.animate()) {
            pulsePhase = settings.stillPhase();
            return;
        }
        if (firing && pulseTimer == null) {
            pulseStart = System.nanoTime();
            pulseTimer = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    pulsePhase = ((now - pulseStart) / 1e9 / 1.1) % 1.0;
                    drawArrows();
                }
            };
            pulseTimer.start();
        } else if (!firing && pulseTimer != null) {
            pulseTimer.stop();
            pulseTimer = null;
        }
    }

    /** Stops the pulse animation (when the lane leaves the window). */
    public void dispose() {
        if (pulseTimer != null) {
            pulseTimer.stop();
            pulseTimer = null;
        }
    }

    private double viewportHeight() {
        double v = scroll.getViewportBounds() == null ? 0 : scroll.getViewportBounds().getHeight();
        return v < 50 ? 4000 : v + 2;
    }

    /** Top of the visible part of the body (the canvas covers only that part). */
    private double scrollTop() {
        double content = layer.getHeight() > 0 ? layer.getHeight() : layer.getPrefHeight();
        double view = scroll.getViewportBounds() == null ? 0 : scroll.getViewportBounds().getHeight();
        return Math.max(0, (content - view) * scroll.getVvalue());
    }

    private void drawArrows() {
        ReplayState s = vm.getState();
        if (s == null) {
            return;
        }
        Palette p = settings.palette();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setTransform(new javafx.scene.transform.Affine());
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        double top = scrollTop();
        canvas.setLayoutY(top);
        g.translate(0, -top);
        double bottom = top + canvas.getHeight();
        double scale = settings.scale();
        double pitch = pitch();
        boolean thin = pitch < 24;
        // the tree: a line from the lock path down to every card
        if (!cardAnchor.isEmpty()) {
            double maxY = 0;
            g.setStroke(p.border());
            g.setLineWidth(1.5 * scale);
            g.setLineDashes();
            for (double[] a : cardAnchor.values()) {
                maxY = Math.max(maxY, a[1]);
                g.strokeLine(4, a[1], 14, a[1]);
            }
            g.strokeLine(4, 0, 4, maxY);
        }
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < rowOrder.size(); i++) {
            position.put(rowOrder.get(i).name, i);
        }
        double lineW = thin ? 1 : settings.lineWidth();
        for (ReplayState.Watch w : s.watches()) {
            double[] to = cardAnchor.get(w.path());
            Integer pos = position.get(w.client());
            if (to == null || pos == null) {
                continue;
            }
            ClientRow row = rowOrder.get(pos);
            double fx = row.getLayoutX() - 4;
            double fy = row.getLayoutY() + row.avatarCenterY();
            if ((fy < top && to[1] < top) || (fy > bottom && to[1] > bottom)) {
                continue;
            }
            g.setStroke(p.line());
            g.setLineWidth(lineW);
            g.setLineDashes(5 * scale, 4 * scale);
            curve(g, fx, fy, to[0] + 6, to[1]);
            g.setLineDashes();
            arrowHead(g, to[0] + 6, to[1], p.line(), 5 * scale);
        }
        for (Event.WatchFired f : vm.firingProperty().get()) {
            double[] from = cardAnchor.get(f.path());
            Integer pos = position.get(f.client());
            if (pos == null) {
                continue;
            }
            ClientRow row = rowOrder.get(pos);
            double tx = row.getLayoutX() - 4;
            double ty = row.getLayoutY() + row.avatarCenterY();
            double sx = from == null ? 18 + 150 * scale : from[0] + 6;
            double sy = from == null ? ty : from[1];
            g.setStroke(p.accent());
            g.setLineWidth(Math.max(lineW, settings.lineWidth()));
            g.setLineDashes(5 * scale, 4 * scale);
            curve(g, sx, sy, tx, ty);
            g.setLineDashes();
            double r = (thin ? 2.5 : 4.5) * scale;
            for (int k = 0; k < 3; k++) {
                double t = pulsePhase - k * 0.09;
                if (t < 0) {
                    continue;
                }
                double[] pt = bezier(sx, sy, tx, ty, t);
                g.setFill(p.accent().deriveColor(0, 1, 1, 1.0 - k * 0.33));
                g.fillOval(pt[0] - r * (1 - k * 0.2), pt[1] - r * (1 - k * 0.2), 2 * r * (1 - k * 0.2),
                        2 * r * (1 - k * 0.2));
            }
            arrowHead(g, tx, ty, p.accent(), 5 * scale);
        }
    }

    private static void curve(GraphicsContext g, double x1, double y1, double x2, double y2) {
        double mid = (x1 + x2) / 2;
        g.beginPath();
        g.moveTo(x1, y1);
        g.bezierCurveTo(mid, y1, mid, y2, x2, y2);
        g.stroke();
    }

    private static double[] bezier(double x1, double y1, double x2, double y2, double t) {
        double mid = (x1 + x2) / 2;
        double u = 1 - t;
        double x = u * u * u * x1 + 3 * u * u * t * mid + 3 * u * t * t * mid + t * t * t * x2;
        double y = u * u * u * y1 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y2;
        return new double[] {x, y};
    }

    /** A head pointing along the curve's horizontal end tangent at (x, y). */
    private static void arrowHead(GraphicsContext g, double x, double y, Color c, double size) {
        g.setFill(c);
        boolean leftward = true;
        g.fillPolygon(new double[] {x, x + (leftward ? size * 1.4 : -size * 1.4), x + (leftward ? size * 1.4 : -size * 1.4)},
                new double[] {y, y - size * 0.8, y + size * 0.8}, 3);
    }

    /** Who is asked when a client's menu is wanted (right click, or Enter on the selected client); null: no menu. */
    public void setOnClientMenu(ClientMenuRequest request) {
        this.onClientMenu = request;
    }

    /** Opens the menu of {@code client} under its row, as the keyboard does. */
    public void requestClientMenu(String client) {
        ClientRow row = rows.get(client);
        if (row == null || onClientMenu == null || row.getScene() == null) {
            return;
        }
        javafx.geometry.Bounds b = row.localToScreen(row.getBoundsInLocal());
        if (b != null) {
            onClientMenu.show(client, row, b.getMinX() + row.centerY * 2, b.getMinY() + row.centerY);
        }
    }

    /** Test hook: the caption shown for a client ("waiting · watching lock-0000000003"). */
    public String clientText(String client) {
        ClientRow row = rows.get(client);
        return row == null ? "" : row.word.getText() + " · " + row.caption.getText();
    }

    private static Font font(double size, boolean bold, boolean mono) {
        return Font.font(mono ? "DejaVu Sans Mono" : "DejaVu Sans", bold ? FontWeight.BOLD : FontWeight.NORMAL,
                Math.round(size));
    }

    /**
     * A client: identity avatar, state badge with icon, state word and caption. Drawn with shapes and texts whose
     * colours are set from the palette (no style-class changes, so a step costs no CSS pass over 200 rows).
     */
    private final class ClientRow extends Pane {
        final String name;
        final Circle avatar = new Circle();
        final Text initials = new Text();
        final Circle badge = new Circle();
        final SVGPath icon = new SVGPath();
        final Text word = new Text();
        final Text status = new Text();
        final Text caption = new Text();
        final Rectangle tint = new Rectangle();
        ReplayState.ClientView shownClient;
        String shownCaption;
        boolean shownFlag;
        boolean shownSelected;
        double shownPitch = -1;
        double shownWidth = -1;
        Palette shownPalette;
        double centerY;

        ClientRow(String name, int position) {
            this.name = name;
            getStyleClass().add("client-row");
            tint.setArcWidth(16);
            tint.setArcHeight(16);
            avatar.setFill(Color.web(StateStyle.identity(position)));
            initials.setText(name);
            initials.setFill(Color.WHITE);
            initials.setTextOrigin(VPos.CENTER);
            initials.setTextAlignment(TextAlignment.CENTER);
            badge.setStrokeWidth(2);
            icon.setFill(Color.WHITE);
            icon.setFillRule(javafx.scene.shape.FillRule.EVEN_ODD);
            word.setTextOrigin(VPos.CENTER);
            caption.setTextOrigin(VPos.CENTER);
            status.setTextOrigin(VPos.CENTER);
            status.getStyleClass().add("client-status");
            getChildren().addAll(tint, avatar, initials, badge, icon, word, status, caption);
            setManaged(false);
            setId("client-" + name);
            // The menu opens on the secondary press itself: not every platform turns it into a context-menu event
            // (the headless one does not); the menu key is handled by the window for the selected client.
            setOnMousePressed(e -> {
                vm.select(name);
                if (e.isSecondaryButtonDown() && onClientMenu != null) {
                    onClientMenu.show(name, this, e.getScreenX(), e.getScreenY());
                    e.consume();
                }
            });
        }

        double avatarCenterY() {
            return centerY;
        }

        void update(ReplayState.ClientView c, String text, String statusText, boolean flagged, boolean selected,
                    double pitch, double width) {
            Palette p = settings.palette();
            if (c.equals(shownClient) && text.equals(shownCaption) && flagged == shownFlag && selected == shownSelected
                    && pitch == shownPitch && width == shownWidth && p == shownPalette) {
                return;
            }
            StateStyle style = StateStyle.of(c.state());
            LaneViewModel.Key key = LaneViewModel.key(c);
            icon.setContent(Icons.path(style.icon()));
            word.setText(LaneViewModel.word(c));
            word.setFill(p.stateText(style));
            caption.setFill(p.text2());
            status.setText(statusText);
            status.setFill(p.text2());
            if (key == LaneViewModel.Key.HOLLOW) {
                // A hollow key: it believes it holds, the server has let its session go.
                badge.setFill(p.surface());
                badge.setStroke(p.holding());
                icon.setFill(p.holding());
            } else {
                badge.setFill(Color.web(style.badge()));
                badge.setStroke(p.surface());
                icon.setFill(Color.WHITE);
            }
            avatar.setOpacity(c.paused() || !c.sessionAlive() ? 0.55 : 1);
            tint.getStrokeDashArray().clear();
            if (flagged) {
                tint.setFill(p.findingTint());
                tint.setStroke(p.finding());
                tint.setStrokeWidth(2.5);
            } else if (key == LaneViewModel.Key.HOLLOW) {
                tint.setFill(Color.TRANSPARENT);
                tint.setStroke(p.holding());
                tint.setStrokeWidth(1.5);
                tint.getStrokeDashArray().setAll(6.0, 4.0);
            } else if (c.state() == Event.State.HOLDING) {
                tint.setFill(p.holdTint());
                tint.setStroke(p.holding().deriveColor(0, 1, 1, 0.5));
                tint.setStrokeWidth(1);
            } else {
                tint.setFill(Color.TRANSPARENT);
                tint.setStroke(null);
            }
            if (selected) {
                // The keyboard's client: an accent outline over whatever the state draws.
                tint.setStroke(p.accent());
                tint.setStrokeWidth(2.5);
                tint.getStrokeDashArray().clear();
            }
            caption.setText(text);
            if (pitch != shownPitch || width != shownWidth) {
                layoutFor(pitch, width);
            }
            placeStatus();
            shownClient = c;
            shownCaption = text;
            shownFlag = flagged;
            shownSelected = selected;
            shownPitch = pitch;
            shownWidth = width;
            shownPalette = p;
        }

        private void layoutFor(double pitch, double width) {
            double scale = settings.scale();
            double h = pitch - 8;
            boolean compact = pitch < 40 * scale;
            boolean tiny = pitch < 22;
            double r = compact ? Math.max(4, (pitch - 4) / 2.2) : 20 * pitch / 56;
            centerY = Math.max(r, h / 2);
            tint.setWidth(width);
            tint.setHeight(Math.max(4, h));
            tint.setY(centerY - Math.max(4, h) / 2);
            avatar.setRadius(r);
            avatar.setCenterX(r + 4);
            avatar.setCenterY(centerY);
            double fontSize = tiny ? Math.max(7, r * 0.9) : compact ? Math.max(9, r * 0.8) : 15 * pitch / 56;
            initials.setFont(font(fontSize, true, false));
            initials.setVisible(r >= 7);
            double tw = initials.getLayoutBounds().getWidth();
            initials.setX(r + 4 - tw / 2);
            initials.setY(centerY);
            double br = Math.max(3, r * 0.45);
            badge.setRadius(br);
            badge.setCenterX(r * 1.85 + 4);
            badge.setCenterY(centerY + r * 0.75);
            double s = br * 1.5 / 12;
            icon.setScaleX(s);
            icon.setScaleY(s);
            icon.setLayoutX(badge.getCenterX() - 6);
            icon.setLayoutY(badge.getCenterY() - 6);
            icon.setVisible(br >= 5);
            double textX = 2 * r + 18;
            double textSize = compact ? Math.max(9, Math.min(13 * scale, pitch * 0.8))
                    : Math.max(settings.minText(), 15 * scale);
            word.setFont(font(textSize, true, false));
            caption.setFont(font(textSize, false, false));
            status.setFont(font(Math.max(settings.minText(), textSize * 0.85), false, false));
            word.setX(textX);
            caption.setVisible(pitch >= 12);
            if (compact) {
                word.setY(centerY);
                caption.setX(textX + textSize * 6.4);
                caption.setY(centerY);
            } else {
                word.setY(centerY - 11 * scale);
                caption.setX(textX);
                caption.setY(centerY + 11 * scale);
            }
            resize(width, h);
            placeStatus();
        }

        /** The connection words sit after the state word, on its line. */
        private void placeStatus() {
            double room = tint.getWidth() - 6;
            double sw = status.getLayoutBounds().getWidth();
            double afterWord = word.getX() + word.getLayoutBounds().getWidth() + 8;
            double afterCaption = caption.getX() + caption.getLayoutBounds().getWidth() + 8;
            // Beside the state word; on a narrow row after the caption; never past the row's edge.
            boolean besideWord = afterWord + sw <= room || afterCaption + sw > room || caption.getY() == word.getY();
            status.setX(besideWord ? afterWord : afterCaption);
            status.setY(besideWord ? word.getY() : caption.getY());
            status.setVisible(caption.isVisible() && !status.getText().isEmpty()
                    && status.getX() + sw <= room + 6);
        }
    }

    /**
     * A znode: sequence number, owner stripe, R/W and ephemeral marks, key badge when held, ghost outline when just
     * deleted, red when a checker finding involves its owner. Pooled by the lane and recoloured in place.
     */
    private final class ZnodeCard extends Pane {
        final Rectangle frame = new Rectangle();
        final Rectangle stripe = new Rectangle();
        final Text seq = new Text();
        final Text name = new Text();
        final Text owner = new Text();
        final Text mode = new Text();
        final Circle modeRing = new Circle(8);
        final Text eph = new Text("E");
        final Circle ephRing = new Circle(8);
        final Text deleted = new Text("deleted");
        final StackPane key = new StackPane();
        final javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();
        String shown = "";
        String fullPath = "";

        ZnodeCard() {
            getStyleClass().add("znode-card");
            frame.setArcWidth(18);
            frame.setArcHeight(18);
            for (Text t : List.of(seq, name, owner, mode, eph, deleted)) {
                t.setTextOrigin(VPos.TOP);
            }
            mode.setTextOrigin(VPos.CENTER);
            eph.setTextOrigin(VPos.CENTER);
            modeRing.setFill(Color.TRANSPARENT);
            ephRing.setFill(Color.TRANSPARENT);
            Circle kc = new Circle(9, Color.web(StateStyle.HOLDING.badge()));
            SVGPath ki = Icons.shape(StateStyle.Icon.KEY);
            ki.setFill(Color.WHITE);
            key.getChildren().addAll(kc, ki);
            key.setManaged(false);
            key.resize(18, 18);
            getChildren().addAll(frame, stripe, seq, name, owner, modeRing, mode, ephRing, eph, deleted, key);
            setManaged(false);
            javafx.scene.control.Tooltip.install(this, tip);
        }

        void update(long sequence, String nodeName, String ownerName, int ownerPos, String ownerMode, boolean ephemeral,
                    boolean held, boolean ghost, boolean flagged, double w, double h, double pitch) {
            Palette p = settings.palette();
            String sig = fullPath + "|" + sequence + "|" + nodeName + "|" + ownerName + "|" + ownerPos + "|" + ownerMode + "|"
                    + ephemeral + held + ghost + flagged + "|" + w + "|" + h + "|" + pitch + "|"
                    + System.identityHashCode(p);
            if (sig.equals(shown)) {
                return;
            }
            shown = sig;
            double scale = settings.scale();
            boolean compact = pitch < 40 * scale;
            boolean tiny = pitch < 22;
            frame.setWidth(w);
            frame.setHeight(h);
            frame.getStrokeDashArray().clear();
            if (flagged) {
                frame.setFill(p.findingTint());
                frame.setStroke(p.finding());
                frame.setStrokeWidth(3 * scale);
            } else if (held) {
                frame.setFill(p.holdTint());
                frame.setStroke(p.holding());
                frame.setStrokeWidth(2 * scale);
            } else if (ghost) {
                frame.setFill(Color.TRANSPARENT);
                frame.setStroke(p.text3());
                frame.setStrokeWidth(1.5 * scale);
                frame.getStrokeDashArray().setAll(5.0, 4.0);
            } else {
                frame.setFill(p.surface());
                frame.setStroke(p.borderStrong());
                frame.setStrokeWidth(1.5 * scale);
            }
            Color identity = Color.web(StateStyle.identity(ownerPos));
            stripe.setFill(identity);
            stripe.setOpacity(ghost ? 0.35 : 1);
            double inset = Math.min(6, h * 0.15);
            stripe.setX(6);
            stripe.setY(inset);
            stripe.setWidth(4);
            stripe.setHeight(Math.max(2, h - 2 * inset));
            boolean sequential = sequence >= 0;
            // Short labels ("#2" and the owner): the full name is on hover and in the inspector, never cut here.
            double compactText = settings.minText() > 0 ? 24 : 14;
            double seqSize = compact ? Math.max(9, Math.min(compactText, h * 0.7)) : 24 * scale;
            seq.setFont(font(seqSize, true, false));
            seq.setFill(ghost ? p.text3() : p.text());
            seq.setText(sequential ? "#" + sequence : nodeName);
            double nameSize = compact ? Math.max(8, Math.min(compactText - 2, h * 0.65))
                    : Math.max(settings.minText(), 14 * scale);
            name.setFont(font(nameSize, true, false));
            name.setFill(ghost ? p.text2() : p.readable(identity));
            name.setText(ghost ? ownerName + " · deleted" : ownerName);
            owner.setFont(font(Math.max(settings.minText(), 14 * scale), true, false));
            owner.setFill(ghost ? p.text2() : p.readable(identity));
            owner.setText(ghost ? ownerName + " · deleted" : ownerName);
            tip.setText(fullPath);
            double seqW = seq.getLayoutBounds().getWidth();
            seq.setVisible(!tiny);
            double labelW = (compact || sequential) ? 24 + seqW + name.getLayoutBounds().getWidth()
                    : 18 + owner.getLayoutBounds().getWidth();
            if (ghost && labelW > w - 6) {
                // A narrow card: the dashed outline already says "deleted"; the owner must still fit.
                name.setText(ownerName);
                owner.setText(ownerName);
            }
            if (compact || sequential) {
                seq.relocate(16, (h - seq.getLayoutBounds().getHeight()) / 2);
                name.relocate(24 + seqW, (h - name.getLayoutBounds().getHeight()) / 2);
            } else {
                seq.relocate(18, -2);
                owner.relocate(18, h * 0.55);
            }
            name.setVisible(!tiny && (sequential || compact));
            owner.setVisible(!compact && !sequential);
            boolean badges = !compact && !ghost;
            mode.setText("read".equals(ownerMode) ? "R" : "W");
            for (Text t : List.of(mode, eph)) {
                t.setFont(font(11 * scale, true, false));
                t.setFill(p.text2());
            }
            modeRing.setStroke(p.text3());
            ephRing.setStroke(p.text3());
            modeRing.setRadius(8 * scale);
            ephRing.setRadius(8 * scale);
            double by = h - 12 * scale;
            modeRing.setCenterX(w - 38 * scale);
            modeRing.setCenterY(by);
            ephRing.setCenterX(w - 18 * scale);
            ephRing.setCenterY(by);
            mode.relocate(modeRing.getCenterX() - mode.getLayoutBounds().getWidth() / 2,
                    by - mode.getLayoutBounds().getHeight() / 2);
            eph.relocate(ephRing.getCenterX() - eph.getLayoutBounds().getWidth() / 2,
                    by - eph.getLayoutBounds().getHeight() / 2);
            mode.setVisible(badges);
            modeRing.setVisible(badges);
            eph.setVisible(badges && ephemeral);
            ephRing.setVisible(badges && ephemeral);
            deleted.setFont(font((compact ? 11 : 14) * scale, true, false));
            deleted.setFill(p.accent());
            deleted.relocate(w - deleted.getLayoutBounds().getWidth() - 10,
                    compact ? (h - deleted.getLayoutBounds().getHeight()) / 2 : 6);
            deleted.setVisible(false);
            key.relocate(w - 10, -8);
            key.setVisible(held && !tiny);
            resize(w, h);
        }
    }
}
