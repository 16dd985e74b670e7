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

    public LanesView(ReplayCursor cursor, ViewSettings settings) {
        setSpacing(16);
        getStyleClass().add("lanes");
        for (int i = 0; i < cursor.lanes().size(); i++) {
            int k = i;
            LaneViewModel lane = cursor.lanes().get(i);
            LaneView view = new LaneView(lane, settings, () -> cursor.focus(k));
            view.setId("lane-" + lane.algorithm());
            HBox.setHgrow(view, Priority.ALWAYS);
            view.setMaxWidth(Double.MAX_VALUE);
            view.setPrefWidth(10);
            views.add(view);
            getChildren().add(view);
        }
    }

    public List<LaneView> laneViews() {
        return views;
    }

    public void dispose() {
        views.forEach(LaneView::dispose);
    }
}
