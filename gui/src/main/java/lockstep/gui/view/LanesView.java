package lockstep.gui.view;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;

/** The lanes side by side, one per algorithm; clicking a lane focuses it. The window and the renderer share it. */
public final class LanesView extends HBox {

    private final List<LaneView> views = new ArrayList<>();
    private LaneClientMenu onClientMenu;

    /** A client's menu asked for in lane {@code lane}. */
    @FunctionalInterface
    public interface LaneClientMenu {
        void show(int lane, String client, javafx.scene.Node owner, double screenX, double screenY);
    }

    public LanesView(ReplayCursor cursor, ViewSettings settings) {
        setSpacing(16);
        getStyleClass().add("lanes");
        for (int i = 0; i < cursor.lanes().size(); i++) {
            int k = i;
            LaneViewModel lane = cursor.lanes().get(i);
            LaneView view = new LaneView(lane, settings, () -> cursor.focus(k));
            // A branch runs the same algorithm as its lane: it is named by its place instead.
            view.setId(lane.title().equals(lane.algorithm()) ? "lane-" + lane.algorithm() : "lane-branch-" + k);
            view.setOnClientMenu((client, owner, x, y) -> {
                cursor.focus(k);
                if (onClientMenu != null) {
                    onClientMenu.show(k, client, owner, x, y);
                }
            });
            HBox.setHgrow(view, Priority.ALWAYS);
            view.setMaxWidth(Double.MAX_VALUE);
            view.setPrefWidth(10);
            views.add(view);
            getChildren().add(view);
        }
        // One scroll for all lanes: a scenario too large to fit scrolls every lane to the same clients, and only the
        // last lane shows the bar.
        for (int i = 1; i < views.size(); i++) {
            views.get(i).scrollPosition().bindBidirectional(views.get(0).scrollPosition());
        }
        for (int i = 0; i < views.size(); i++) {
            views.get(i).showScrollBar(i == views.size() - 1);
        }
    }

    /**
     * Every lane's caption as tall as the tallest needs (two lines at least): a long caption wraps whole, and the
     * lanes' clients still start at the same height.
     */
    @Override
    protected void layoutChildren() {
        double width = views.isEmpty() ? 0 : views.get(0).contentWidth();
        if (width > 50) {
            double h = 0;
            for (LaneView view : views) {
                h = Math.max(h, view.captionNeeds(width));
            }
            for (LaneView view : views) {
                view.captionHeight(h);
            }
            // and the header and counters too, as tall as the tallest lane's: the clients' areas line up
            for (int part = 0; part < LaneView.ALIGNED_PARTS; part++) {
                double most = 0;
                for (LaneView view : views) {
                    most = Math.max(most, view.partNeeds(part, width));
                }
                for (LaneView view : views) {
                    view.partHeight(part, most);
                }
            }
        }
        super.layoutChildren();
    }

    /**
     * The lanes' names as the pickers and banners show them: the algorithm, numbered where two lanes run the same one
     * (a what-if branch beside its lane: "naive" and "naive · 2"), so no two are alike.
     */
    public static List<String> names(List<LaneViewModel> lanes) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            String algorithm = lanes.get(i).algorithm();
            boolean repeated = false;
            for (int j = 0; j < i; j++) {
                repeated |= lanes.get(j).algorithm().equals(algorithm);
            }
            out.add(repeated ? algorithm + " · " + (i + 1) : algorithm);
        }
        return out;
    }

    /** Who shows a client's menu (the window); without one, right click does nothing (as in rendered frames). */
    public void setOnClientMenu(LaneClientMenu request) {
        this.onClientMenu = request;
    }

    public List<LaneView> laneViews() {
        return views;
    }

    public void dispose() {
        views.forEach(LaneView::dispose);
    }
}
