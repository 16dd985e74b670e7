package lockstep.gui.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.animation.FadeTransition;
import javafx.geometry.Pos;
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
import javafx.util.Duration;
import lockstep.gui.viewmodel.LaneSummary;
import lockstep.gui.viewmodel.BugMark;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.Sessions;
import lockstep.simulator.frame.Card;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.frame.Row;

import lockstep.gui.text.WindowTexts;

/**
 * One lane drawn from its {@link LaneViewModel}: its title, the lock path and server chip, its caption, the znode
 * cards under the lock path (left, {@link ZnodeCard}), the clients (right, {@link ClientRow}), the watches and
 * notifications between them ({@link WatchArrows}, a canvas underneath), the finding and note banners and the
 * counters ({@link LaneCounters}). What to draw is decided by the view model ({@link LaneViewModel#cards},
 * {@link lockstep.gui.viewmodel.LaneSummary}); this class places it. Client rows are built once and updated in place;
 * znode cards are pooled by path; rows shrink when there are many clients.
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
    /** In the window the findings fold into a chip that opens them over the clients, instead of under them. */
    private final javafx.scene.control.Button findingChip = new javafx.scene.control.Button();
    private final javafx.scene.control.Button noteChip = new javafx.scene.control.Button();
    private final VBox findingsOver = new VBox(6);
    private final javafx.beans.property.BooleanProperty findingsOpen =
            new javafx.beans.property.SimpleBooleanProperty(this, "findingsOpen");
    private final Label writeLabel = new Label();
    private final Label laneCaption = new Label();
    private final LaneCounters counters = new LaneCounters();
    private final VBox countersArea = new VBox();
    /** This line's tally, in parts ("this line: 1 release ·", "9 woken ·", "1 won") that flow onto a second line. */
    private final javafx.scene.layout.FlowPane tally = new javafx.scene.layout.FlowPane();
    /** A part of the tally's look, never shown: what the tally's height is measured with. */
    private final Label tallyProbe = new Label("M");
    private VBox header;
    /** The lane's name, its subtitle beside it where the line has room for both (else under it), the server's chip. */
    private final HBox titleLine = new HBox(12);
    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final Label server = new Label();
    private javafx.scene.layout.FlowPane pathRow;
    private final Map<String, ClientRow> rows = new HashMap<>();
    private final List<ClientRow> rowOrder = new ArrayList<>();
    private final Map<String, ZnodeCard> cards = new HashMap<>();
    private final List<ZnodeCard> spare = new ArrayList<>();
    private final Map<String, double[]> cardAnchor = new HashMap<>();
    private final WatchArrows arrows;
    private final ServerColumn serverColumn;
    private Sessions sessions;
    private double serverX;
    private double serverColumnHeight;
    /** Where the server column starts, below the rows' top edge. */
    private static final double SERVER_COLUMN_TOP = 4;
    private ClientMenuRequest onClientMenu;

    /** Asks for a client's menu at a point on the screen: the window offers the branch actions there. */
    @FunctionalInterface
    public interface ClientMenuRequest {
        void show(String client, javafx.scene.Node owner, double screenX, double screenY);
    }

    /** The warning tag of a lane (and of the algorithm picker) running a lock of the bug gallery. */
    public static Label bugBadge(BugMark mark) {
        Label badge = new Label(mark.tag());
        badge.getStyleClass().add("bug-badge");
        badge.setMinWidth(Region.USE_PREF_SIZE);
        badge.setTooltip(new javafx.scene.control.Tooltip(mark.why()));
        return badge;
    }

    public LaneView(LaneViewModel vm, ViewSettings settings, Runnable onFocus) {
        this.vm = vm;
        this.settings = settings;
        this.arrows = new WatchArrows(canvas, vm, settings);
        this.serverColumn = new ServerColumn(settings);
        getStyleClass().add("lane");
        setSpacing(6);
        setMinWidth(300);

        title.setText(vm.title());
        title.getStyleClass().add("lane-title");
        // A branch's title is long ("sequential + c6 crash at line 27 · stops at line 30"): it wraps rather than
        // widening the lane past the window.
        title.setMinWidth(0);
        title.setWrapText(true);
        subtitle.textProperty().bind(vm.subtitleProperty());
        subtitle.getStyleClass().add("lane-subtitle");
        subtitle.setMinWidth(0);
        subtitle.setMaxWidth(Double.MAX_VALUE);
        // One line: in a narrow lane (three lanes at 1280x800, Russian) the algorithm's one-line description gives way
        // to the clients, shortened with its whole text as the tooltip; the lane's own words (caption, counters) do not.
        javafx.scene.control.Tooltip whole = new javafx.scene.control.Tooltip();
        whole.textProperty().bind(vm.subtitleProperty());
        subtitle.setTooltip(whole);
        // The server's state at the title's right: the line under the path is the clients' (it took one of its own
        // in a narrow lane).
        server.getStyleClass().add("server-chip");
        server.textProperty().bind(vm.serverProperty());
        server.setMinWidth(Region.USE_PREF_SIZE);
        server.pseudoClassStateChanged(STOPPED, vm.serverStoppedProperty().get());
        vm.serverStoppedProperty().addListener((o, a, b) -> {
            server.pseudoClassStateChanged(STOPPED, b);
            // the stopped chip's type is wider: measured again in it (the text's own listener ran before the style
            // changed, and left the subtitle beside a title it no longer fit, cut short, in presentation type)
            arrangeHeader(header.getWidth());
        });
        Region push = new Region();
        HBox.setHgrow(push, Priority.ALWAYS);
        titleLine.getChildren().setAll(title, subtitle, push, server);
        titleLine.setAlignment(Pos.BASELINE_LEFT);
        header = new VBox(2, titleLine);
        header.widthProperty().addListener((o, a, b) -> arrangeHeader(b.doubleValue()));
        server.textProperty().addListener((o, was, now) -> arrangeHeader(header.getWidth()));
        // and again when a part's measure changes after its text (the stopped chip's style, presentation type): a
        // header arranged with the chip's old width wrapped the title inside its word ("sequentia / l"). Change
        // listeners, not invalidation ones: nobody reads these values back, so an invalidation listener fired once.
        server.widthProperty().addListener((o, was, now) -> arrangeHeader(header.getWidth()));
        // A font changes in the middle of a CSS pass (presentation type): arranging then would move the subtitle and
        // the chip between parents while that pass walks them (an IndexOutOfBoundsException in Node.reapplyCss, seen
        // when P was pressed on a shown stage). So the arrangement waits for the layout pass that follows.
        title.fontProperty().addListener((o, was, now) -> arrangeAtLayout());
        subtitle.fontProperty().addListener((o, was, now) -> arrangeAtLayout());
        // A lock of the bug gallery says so under its name, in the warning colour: the audience must not take it for a
        // recipe to copy. The tag comes from the registry's expected outcome.
        vm.bugMarkProperty().get().ifPresent(mark -> {
            Label badge = bugBadge(mark);
            badge.textProperty().bind(vm.bugMarkProperty().map(m -> m.map(BugMark::tag).orElse("")));
            badge.getTooltip().textProperty().bind(vm.bugMarkProperty().map(m -> m.map(BugMark::why).orElse("")));
            header.getChildren().add(1, badge);
        });

        Label path = new Label(vm.replays().run().lockPath());
        path.setTooltip(new javafx.scene.control.Tooltip(vm.replays().run().lockPath()));
        path.getStyleClass().add("path-chip");
        pathInfo.getStyleClass().add("muted-text");
        pathInfo.setMinWidth(Region.USE_PREF_SIZE); // the children count is read; the path may be cut first
        findingChip.getStyleClass().addAll("finding-banner", "finding-chip");
        findingChip.setMinWidth(Region.USE_PREF_SIZE);
        findingChip.setFocusTraversable(false);
        findingChip.setOnAction(e -> findingsOpen.set(!findingsOpen.get()));
        findingChip.setId("findings-" + vm.algorithm());
        noteChip.getStyleClass().addAll("note-banner", "finding-chip");
        noteChip.setMinWidth(Region.USE_PREF_SIZE);
        noteChip.setFocusTraversable(false);
        noteChip.setOnAction(e -> findingsOpen.set(!findingsOpen.get()));
        // The path whole: the row flows onto a second line in a narrow lane rather than cut it.
        path.setMinWidth(Region.USE_PREF_SIZE);
        pathRow = new javafx.scene.layout.FlowPane(10, 4, path, pathInfo, findingChip, noteChip);
        pathRow.setRowValignment(javafx.geometry.VPos.CENTER);

        for (int i = 0; i < vm.clients().size(); i++) {
            ClientRow row = new ClientRow(vm.clients().get(i), i, settings, vm, () -> onClientMenu);
            rows.put(row.name, row);
            rowOrder.add(row);
            layer.getChildren().add(row);
        }
        layer.getChildren().add(serverColumn);
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

        findingLabel.getStyleClass().add("finding-banner");
        findingLabel.setWrapText(true);
        findingLabel.setMaxWidth(Double.MAX_VALUE);
        // Notes (a stale holder) are worth seeing but are not failures: a calmer banner of their own.
        noteLabel.getStyleClass().add("note-banner");
        noteLabel.setWrapText(true);
        noteLabel.setMaxWidth(Double.MAX_VALUE);
        // A finding is read whole, never cut with "...": where it is shown under the clients (a rendered frame), the
        // clients' area gives up the height, not the finding.
        findingLabel.setMinHeight(Region.USE_PREF_SIZE);
        noteLabel.setMinHeight(Region.USE_PREF_SIZE);
        // The resource line exists only for runs that write: its height then stays fixed for the whole run.
        writeLabel.getStyleClass().add("write-mark");
        writeLabel.setMaxWidth(Double.MAX_VALUE);
        // wrapped, never cut: a zombie's accepted write says why it is red
        writeLabel.setWrapText(true);
        writeLabel.setMinHeight(Region.USE_PREF_SIZE);
        writeLabel.setId("write-" + vm.algorithm());
        boolean writes = vm.writeProperty().get() != null;
        writeLabel.setVisible(writes);
        writeLabel.setManaged(writes);
        vm.writeProperty().addListener((o, a, b) -> showWrite(b));
        showWrite(vm.writeProperty().get());

        // The lane's own caption, generated from its trace: a fixed two-line height so the lane never jumps.
        laneCaption.getStyleClass().add("lane-caption");
        laneCaption.setWrapText(true);
        laneCaption.setMaxWidth(Double.MAX_VALUE);
        laneCaption.setAlignment(Pos.TOP_LEFT);
        laneCaption.setId("caption-" + vm.algorithm());
        laneCaption.textProperty().bind(vm.captionProperty());
        // whole: in a narrow lane its parts flow onto a second line, in a height kept for the longest tally (two-digit
        // counts), so the counters never jump
        tally.getStyleClass().add("lane-tally-flow");
        tally.setHgap(5);
        tally.setMinWidth(0);
        tallyProbe.getStyleClass().add("lane-tally");
        tallyProbe.setManaged(false);
        tallyProbe.setVisible(false);
        vm.tallyProperty().addListener((o, a, b) -> showTally(b));
        showTally(vm.tallyProperty().get());
        // this line's tally under the counters, in their box
        countersArea.getChildren().setAll(counters, tally);
        countersArea.getStyleClass().add("counters");
        StackPane clientsArea = new StackPane(scroll);
        VBox.setVgrow(clientsArea, Priority.ALWAYS);
        if (settings.foldFindings()) {
            // Opened on a click, over the lower part of the clients and closed by another: a finding read whole
            // never takes the clients' height away from them.
            findingsOver.getChildren().addAll(findingLabel, noteLabel);
            findingsOver.setMaxHeight(Region.USE_PREF_SIZE);
            findingsOver.setPickOnBounds(false);
            findingsOver.setOnMouseClicked(e -> findingsOpen.set(false));
            StackPane.setAlignment(findingsOver, Pos.BOTTOM_CENTER);
            findingsOver.visibleProperty().bind(findingsOpen);
            // closed, it takes no room: its whole findings' height would hold the rows' area open (and push the
            // timeline off a 1080-pixel screen in presentation mode, seen with the zombie's finding in Russian)
            findingsOver.managedProperty().bind(findingsOpen);
            clientsArea.getChildren().add(findingsOver);
            findingsOpen.addListener(o -> refresh());
            getChildren().addAll(header, pathRow, laneCaption, writeLabel, clientsArea, countersArea);
        } else {
            getChildren().addAll(header, pathRow, laneCaption, writeLabel, clientsArea, findingLabel, noteLabel,
                    countersArea);
        }

        setOnMousePressed(e -> onFocus.run());
        vm.stateProperty().addListener((o, a, b) -> refresh());
        vm.selectedProperty().addListener((o, a, b) -> refresh());
        vm.focusedProperty().addListener((o, a, b) -> pseudoClassStateChanged(FOCUSED_LANE, b));
        pseudoClassStateChanged(FOCUSED_LANE, vm.focusedProperty().get());
        settings.paletteProperty().addListener((o, a, b) -> refresh());
        settings.presentationProperty().addListener((o, a, b) -> refresh());
        settings.roomProperty().addListener((o, a, b) -> refresh());
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

    /**
     * Client row pitch: 56 px (times the presentation scale) when every client fits at that, else what makes them all
     * fit the lane's visible height, down to 12 px (a scenario of hundreds of clients then scrolls, all lanes at once).
     * When the lock's nodes are more than the clients (a multi-lock's trees, a semaphore's leases), the extra rows may
     * shrink the clients' rows only down to a readable {@value #READABLE_PITCH} px; below that the lane scrolls
     * rather than draw every row too small to read (1280x800: six cards in the room of two clients).
     */
    double pitch() {
        double forClients = fit(Math.max(1, vm.clients().size()));
        return Math.max(fit(slots()), Math.min(forClients, READABLE_PITCH * settings.scale()));
    }

    /** The pitch at which {@code n} rows fill the lane's visible height, between 12 px and a full row. */
    private double fit(int n) {
        double viewport = scroll.getViewportBounds() == null ? 0 : scroll.getViewportBounds().getHeight();
        double full = FULL_PITCH * settings.scale();
        double fit = viewport > 20 ? (viewport - 8) / n : FIT_ROWS * full / Math.max(n, FIT_ROWS);
        return Math.max(MIN_PITCH, Math.min(full, Math.floor(fit)));
    }

    /** The smallest row the lock's extra nodes may shrink the clients' rows to (see {@link #pitch()}). */
    private static final double READABLE_PITCH = 28;

    /** The rows the body needs: one per client, or one per card when the lock's nodes are more (LaneFrame.slots). */
    private int slots() {
        LaneFrame frame = vm.frame();
        return Math.max(Math.max(1, vm.clients().size()), frame == null ? 1 : frame.slots());
    }

    private static final double MIN_PITCH = 12;
    /** How far a node of a group's tree sits right of its group's node. */
    static final double GROUP_INDENT = 18;
    /** The narrowest a znode card gets when the clients' words need the room. */
    private static final double MIN_CARD_W = 96;
    private double grownFor = -1;
    private double grownClientW;
    /** Whether this lane's rows show their captions without their state words (see ClientRow#showWords). */
    private boolean wordless;

    private void refresh() {
        LaneFrame frame = vm.frame();
        if (frame == null) {
            return;
        }
        double scale = settings.scale();
        double pitch = pitch();
        double width = Math.max(300, scroll.getViewportBounds() == null || scroll.getViewportBounds().getWidth() < 10
                ? getWidth() - 32 : scroll.getViewportBounds().getWidth());
        int n = slots();
        double height = pitch * n + 8;
        // the server column at the right edge, the session lines between it and the rows
        double serverW = 22 * scale;
        double sessionGap = 26 * scale;
        double clientW = Math.min(280 * scale, width * 0.5 - serverW - sessionGap);
        // Rows whose words run longer (presentation type, Russian) take room from the cards and the arrows' gap, never
        // run under the server's line; the width once taken is kept for the run, so the lane does not jump.
        if (width != grownFor) {
            grownFor = width;
            grownClientW = 0;
            wordless = false;
        }
        // the gap between the cards and the rows: the arrows' room, and a deadlock's loops and lock names (they bend
        // out left of the avatars, each a little further: WatchArrows#deadlock) must not reach the cards
        int loops = frame.deadlock().size();
        double gap = loops == 0 ? 40 * scale : Math.max(40 * scale, (34 + 26 * (loops - 1)) * scale * 0.75 + 24 * scale);
        double mostClientW = width - 14 - MIN_CARD_W * scale - gap - serverW - sessionGap;
        clientW = Math.max(clientW, Math.min(grownClientW, mostClientW));
        double clientX = width - clientW - serverW - sessionGap;
        serverX = width - serverW;
        sessions = Sessions.of(frame);
        // tall enough for each server's upright label ("s2 · \u2605leader") when there are several
        // (but no taller than the lane shows: the labels shrink before the clients scroll)
        double shown = scroll.getViewportBounds() == null ? 0 : scroll.getViewportBounds().getHeight() - 8;
        serverColumnHeight = Math.max(Math.max(pitch * n, Math.min(FULL_PITCH * scale, Math.max(shown, 0))),
                sessions.servers().size() > 1
                        ? Math.min(sessions.servers().size() * 80 * scale, Math.max(shown, pitch * n)) : 0);
        height = Math.max(height, serverColumnHeight + 8);
        serverColumn.update(sessions, serverW, serverColumnHeight);
        serverColumn.relocate(serverX, SERVER_COLUMN_TOP);
        double cardW = Math.min(pitch >= 40 ? 200 * scale : 150 * scale, width * 0.36);
        double cardX = 14;
        layer.setPrefSize(width, height);
        layer.setMinHeight(height);
        body.setMinHeight(height);
        canvas.setWidth(width);
        canvas.setHeight(Math.min(height, viewportHeight()));

        LaneSummary summary = LaneSummary.of(frame);
        List<String> flagged = summary.flagged();
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < rowOrder.size(); i++) {
            ClientRow row = rowOrder.get(i);
            position.put(row.name, i);
            row.showWords(!wordless);
            row.capCaption(Double.MAX_VALUE);
        }
        showRows(frame, flagged, pitch, clientW, clientX);
        double need = 0;
        for (ClientRow row : rowOrder) {
            need = Math.max(need, Math.max(row.contentRight() + 6, row.wholeWidth()));
        }
        if (need > clientW + 0.5 && clientW < mostClientW) {
            grownClientW = Math.min(need, mostClientW);
            clientW = Math.max(clientW, grownClientW);
            clientX = width - clientW - serverW - sessionGap;
            showRows(frame, flagged, pitch, clientW, clientX);
        }
        // A row whose word and whole caption still do not fit: the lane's rows drop their words, for the run at this
        // width (a lane that changed its look between beats would jump).
        if (!wordless && rowOrder.stream().anyMatch(row -> !row.wordAndCaptionFit())) {
            wordless = true;
            showRows(frame, flagged, pitch, clientW, clientX);
        }
        // One caption type per lane: the smallest a row needed (a lane of mixed sizes reads as a mistake).
        double smallest = rowOrder.stream().mapToDouble(ClientRow::captionShownSize).filter(size -> size > 0).min()
                .orElse(Double.MAX_VALUE);
        rowOrder.forEach(row -> row.capCaption(smallest));
        cardW = Math.max(Math.min(MIN_CARD_W * scale, cardW), Math.min(cardW, clientX - cardX - gap));

        // znode cards: what to draw and where is decided by the view model
        List<Card> entries = frame.cards();
        Map<String, ZnodeCard> keep = new HashMap<>();
        // (a card as tall as its row allows: on a tight pitch its margin goes before its text shrinks)
        double cardH = Math.max(8, Math.min(48 * scale, pitch - (pitch < 32 ? 3 : 8)));
        cardAnchor.clear();
        for (Card e : entries) {
            String path = e.path();
            ZnodeCard card = cards.remove(path);
            boolean fresh = card == null;
            if (fresh) {
                card = spare.isEmpty() ? new ZnodeCard(settings) : spare.remove(spare.size() - 1);
                layer.getChildren().add(0, card);
            }
            String owner = e.owner();
            int pos = position.getOrDefault(owner, 0);
            card.fullPath = path;
            // A card of no row of its own (the naive lock, centred on the clients) may be as tall as a full row
            // whatever the clients' pitch: the node every waiter watches keeps its name in view.
            double h = e.slot() < 0 ? Math.max(cardH, Math.min(48 * scale, n * pitch - 8)) : cardH;
            double cardPitch = e.slot() < 0 ? Math.max(pitch, h + 8) : pitch;
            // a node in a group's tree (a multi-lock's A, a semaphore's leases) is drawn indented under its group's node
            double indent = e.inAGroup() ? GROUP_INDENT * scale : 0;
            card.update(e.sequence(), e.label(), owner, pos, e.mark(), e.ephemeral(), e.held(), e.ghost(),
                    flagged.contains(owner) && e.held(), e.tagShown() ? e.protection() : "", cardW - indent, h,
                    cardPitch);
            double y = e.slot() < 0 ? Math.max(4, (n * pitch - h) / 2)
                    : e.slot() * pitch + 4 + (pitch - 8 - cardH) / 2;
            card.relocate(cardX + indent, y);
            cardAnchor.put(path, new double[] {cardX + cardW, y + h / 2, cardX + indent});
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

        pathInfo.setText(summary.children());
        counters.show(frame, summary);
        findingLabel.setText(summary.failures());
        findingLabel.setVisible(!summary.failures().isEmpty());
        findingLabel.setManaged(!summary.failures().isEmpty());
        noteLabel.setText(summary.notes());
        noteLabel.setVisible(!summary.notes().isEmpty());
        noteLabel.setManaged(!summary.notes().isEmpty());
        boolean fold = settings.foldFindings();
        int failures = summary.failures().isEmpty() ? 0 : summary.failures().split("\n").length;
        int notes = summary.notes().isEmpty() ? 0 : summary.notes().split("\n").length;
        findingChip.setText(WindowTexts.text(findingsOpen.get() ? "lane.findings-close" : "lane.findings-open",
                failures));
        noteChip.setText(WindowTexts.text(findingsOpen.get() ? "lane.notes-close" : "lane.notes-open", notes));
        findingChip.setVisible(fold && failures > 0);
        findingChip.setManaged(fold && failures > 0);
        noteChip.setVisible(fold && notes > 0 && failures == 0);
        noteChip.setManaged(fold && notes > 0 && failures == 0);
        if (fold && failures + notes == 0 && findingsOpen.get()) {
            findingsOpen.set(false);
        }
        arrows.updatePulse(this::drawArrows);
        drawArrows();
    }


    /** Where the lane's clients are scrolled to (0 top, 1 bottom): the lanes share one position. */
    javafx.beans.property.DoubleProperty scrollPosition() {
        return scroll.vvalueProperty();
    }

    /** The height the lane's caption needs at {@code width}: its text wrapped, and never less than two lines. */
    double captionNeeds(double width) {
        javafx.scene.text.Text two = new javafx.scene.text.Text("Mg\nMg");
        two.setFont(laneCaption.getFont());
        double least = two.getLayoutBounds().getHeight() + laneCaption.snappedTopInset()
                + laneCaption.snappedBottomInset();
        // measured on a Text of its own: the label's prefHeight is the height set last
        javafx.scene.text.Text text = new javafx.scene.text.Text(laneCaption.getText());
        text.setFont(laneCaption.getFont());
        text.setWrappingWidth(Math.max(10, width - laneCaption.snappedLeftInset() - laneCaption.snappedRightInset()
                - 2));
        double needed = text.getLayoutBounds().getHeight() + laneCaption.snappedTopInset()
                + laneCaption.snappedBottomInset() + 2;
        return Math.ceil(Math.max(least, needed));
    }

    /** The caption's height, the same in every lane (so their clients line up): set by the lanes. */
    void captionHeight(double h) {
        laneCaption.setMinHeight(h);
        laneCaption.setPrefHeight(h);
        laneCaption.setMaxHeight(h);
    }

    /** The parts lined up across lanes besides the caption: the header (0), the counters (1) and the path (2). */
    static final int ALIGNED_PARTS = 3;

    private javafx.scene.layout.Region part(int k) {
        return k == 0 ? header : k == 1 ? countersArea : pathRow;
    }

    /** The height part {@code k} needs at {@code width} (its own computed height, whatever was set before). */
    double partNeeds(int k, double width) {
        if (k == 0) {
            arrangeHeader(width);
        } else if (k == 1) {
            sizeTally(width);
        }
        javafx.scene.layout.Region r = part(k);
        r.setMinHeight(Region.USE_COMPUTED_SIZE);
        r.setPrefHeight(Region.USE_COMPUTED_SIZE);
        return r.prefHeight(width);
    }

    void partHeight(int k, double h) {
        part(k).setMinHeight(h);
        part(k).setPrefHeight(h);
    }

    /** Each client's row as the frame has it, at this pitch and width, with or without words as the lane chose. */
    private void showRows(LaneFrame frame, List<String> flagged, double pitch, double clientW, double clientX) {
        for (int i = 0; i < rowOrder.size(); i++) {
            ClientRow row = rowOrder.get(i);
            Row c = frame.row(row.name);
            row.showWords(!wordless);
            row.update(c, LaneViewModel.caption(c), LaneViewModel.status(c), flagged.contains(row.name),
                    row.name.equals(vm.selectedProperty().get()), pitch, clientW);
            row.relocate(clientX, i * pitch + 4);
        }
    }

    /** Set when a font changed: the header is arranged again in the next layout pass, not in the CSS pass. */
    private boolean headerStale;

    private void arrangeAtLayout() {
        headerStale = true;
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        if (headerStale) {
            headerStale = false;
            arrangeHeader(header.getWidth());
        }
        super.layoutChildren();
    }

    /**
     * The title's line at {@code width}: the subtitle beside the title where the line holds both whole, else on a line
     * of its own under it (shortened there if it must be); the server's chip at the line's right end, or after the
     * path when the title and an ensemble's long chip do not share a line.
     */
    private void arrangeHeader(double width) {
        if (width <= 0) {
            return;
        }
        // measured in the styles they have now: a listener may run before the CSS pass gives the stopped chip or the
        // presentation type to one of them (the subtitle then stayed beside a title it no longer fits, cut short)
        if (getScene() != null) {
            title.applyCss();
            subtitle.applyCss();
            server.applyCss();
        }
        double gap = titleLine.getSpacing();
        // the name wraps between its words only (a branch's long title), never inside one: the line gives its
        // subtitle up first ("sequentia / l" beside a stopped server's wide chip in presentation type)
        javafx.scene.text.Text probe = new javafx.scene.text.Text();
        probe.setFont(title.getFont());
        double longest = 0;
        for (String word : title.getText().split("\\s+")) {
            probe.setText(word);
            longest = Math.max(longest, probe.getLayoutBounds().getWidth());
        }
        title.setMinWidth(Math.min(width, Math.ceil(longest + title.getInsets().getLeft()
                + title.getInsets().getRight()) + 2));
        double serverW = server.prefWidth(-1);
        boolean serverBeside = title.prefWidth(-1) + gap + serverW <= width;
        boolean subtitleBeside = serverBeside && title.prefWidth(-1) + gap + subtitle.prefWidth(-1) + gap + serverW
                <= width;
        title.setMaxWidth(Math.max(40, serverBeside ? width - serverW - gap : width));
        if (serverBeside != (server.getParent() == titleLine)) {
            (serverBeside ? pathRow : titleLine).getChildren().remove(server);
            (serverBeside ? titleLine : pathRow).getChildren().add(server);
        }
        // Under the title, except in a narrow lane of a low window (three lanes at 1280x800): there its line is the
        // clients', and the title's tooltip says it whole.
        boolean below = !subtitleBeside && !(tight() && width < NARROW_LANE);
        if (subtitleBeside != (subtitle.getParent() == titleLine)) {
            (subtitleBeside ? header : titleLine).getChildren().remove(subtitle);
            if (subtitleBeside) {
                titleLine.getChildren().add(1, subtitle);
            } else {
                header.getChildren().add(1, subtitle);
            }
        }
        subtitle.setVisible(subtitleBeside || below);
        subtitle.setManaged(subtitleBeside || below);
        title.setTooltip(subtitleBeside || below ? null : subtitle.getTooltip());
    }

    /** The tally's parts, split after each " · ", each whole. */
    private void showTally(String text) {
        List<javafx.scene.Node> parts = new ArrayList<>();
        parts.add(tallyProbe);
        for (String part : tallyParts(text)) {
            Label l = new Label(part);
            l.getStyleClass().add("lane-tally");
            l.setMinWidth(Region.USE_PREF_SIZE);
            parts.add(l);
        }
        tally.getChildren().setAll(parts);
    }

    private static List<String> tallyParts(String text) {
        List<String> out = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return out;
        }
        String[] split = text.split(" · ");
        for (int i = 0; i < split.length; i++) {
            out.add(i < split.length - 1 ? split[i] + " ·" : split[i]);
        }
        return out;
    }

    /**
     * The tally's room at {@code width}: the lines the longest tally a script line can have (two-digit counts) takes
     * at the counters' width, the same at every beat: a long Russian tally flows onto a second line, never past them.
     */
    private void sizeTally(double width) {
        double inner = Math.max(40, width - countersArea.snappedLeftInset() - countersArea.snappedRightInset());
        int lines = 1;
        for (String text : List.of(WindowTexts.text("tally.one-release", 1, 99, 99),
                WindowTexts.text("tally.releases", 99, 99, 99))) {
            int n = 1;
            double x = 0;
            for (String part : tallyParts(text)) {
                javafx.scene.text.Text t = new javafx.scene.text.Text(part);
                t.setFont(tallyProbe.getFont());
                double w = Math.ceil(t.getLayoutBounds().getWidth()) + 2;
                if (x > 0 && x + tally.getHgap() + w > inner) {
                    n++;
                    x = w;
                } else {
                    x += (x > 0 ? tally.getHgap() : 0) + w;
                }
            }
            lines = Math.max(lines, n);
        }
        double h = Math.ceil(lines * tallyProbe.prefHeight(-1));
        tally.setMinHeight(h);
        tally.setPrefHeight(h);
    }

    /** A lane narrower than this (three lanes at 1280 px) gives its subtitle's line to the clients in a low window. */
    private static final double NARROW_LANE = 440;

    /** Whether the window is low (its root styled "tight": a 1280x800 projector). */
    private boolean tight() {
        return getScene() != null && getScene().getRoot().getStyleClass().contains("tight");
    }

    /** The width of the lane's content (its caption's width). */
    double contentWidth() {
        return getWidth() - snappedLeftInset() - snappedRightInset();
    }

    /** Whether this lane shows the scroll bar the lanes share (the last lane does). */
    void showScrollBar(boolean show) {
        scroll.setVbarPolicy(show ? ScrollPane.ScrollBarPolicy.AS_NEEDED : ScrollPane.ScrollBarPolicy.NEVER);
    }

    /** Stops the pulse animation (when the lane leaves the window). */
    public void dispose() {
        arrows.dispose();
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
        Map<String, double[]> clientAnchor = new HashMap<>();
        for (ClientRow row : rowOrder) {
            clientAnchor.put(row.name, new double[] {row.getLayoutX() - 4, row.getLayoutY() + row.avatarCenterY()});
        }
        double top = scrollTop();
        canvas.setLayoutY(top);
        arrows.draw(cardAnchor, clientAnchor, top, pitch());
        if (sessions != null) {
            Map<String, double[]> rowRight = new HashMap<>();
            for (ClientRow row : rowOrder) {
                // after the row's text, so a caption running past a narrow row is never struck through
                rowRight.put(row.name, new double[] {row.getLayoutX() + row.contentRight() + 4,
                        row.getLayoutY() + row.avatarCenterY()});
            }
            GraphicsContext g = canvas.getGraphicsContext2D();
            g.setTransform(new javafx.scene.transform.Affine());
            g.translate(0, -top);
            boolean thin = pitch() < 24;
            SessionLines.draw(g, sessions, rowRight, serverX, SERVER_COLUMN_TOP, serverColumnHeight,
                    settings.palette(), settings.scale(),
                    thin ? 1 : settings.lineWidth());
        }
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

    /** Test hook: the caption shown for a client ("waiting · watching lock-0000000003"), whole if the row cuts it. */
    public String clientText(String client) {
        ClientRow row = rows.get(client);
        return row == null ? "" : row.word.getText() + " · " + row.captionText();
    }


}
