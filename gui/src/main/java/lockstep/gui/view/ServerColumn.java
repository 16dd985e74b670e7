package lockstep.gui.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import lockstep.gui.viewmodel.Sessions;

/**
 * The servers at the lane's right edge: one box per server of {@link Sessions#servers()}, stacked, each labelled
 * upright ("server · up"); a stopped server is drawn dark. The session lines that reach it are drawn by
 * {@link SessionLines} on the lane's canvas.
 */
final class ServerColumn extends Pane {

    private final ViewSettings settings;
    private final List<Rectangle> boxes = new ArrayList<>();
    private final List<Text> labels = new ArrayList<>();
    private String shown = "";

    ServerColumn(ViewSettings settings) {
        this.settings = settings;
        setManaged(false);
        getStyleClass().add("server-column");
    }

    /** Lays the boxes out over {@code height} at {@code width}. */
    void update(Sessions sessions, double width, double height) {
        Palette p = settings.palette();
        String sig = sessions.servers() + "|" + width + "|" + height + "|" + System.identityHashCode(p);
        if (sig.equals(shown)) {
            return;
        }
        shown = sig;
        int m = sessions.servers().size();
        while (boxes.size() < m) {
            Rectangle r = new Rectangle();
            r.setArcWidth(10);
            r.setArcHeight(10);
            Text t = new Text();
            t.setTextOrigin(VPos.CENTER);
            t.setTextAlignment(TextAlignment.CENTER);
            t.setRotate(-90);
            boxes.add(r);
            labels.add(t);
            getChildren().addAll(r, t);
        }
        double each = height / Math.max(1, m);
        for (int k = 0; k < boxes.size(); k++) {
            Rectangle r = boxes.get(k);
            Text t = labels.get(k);
            boolean used = k < m;
            r.setVisible(used);
            t.setVisible(used);
            if (!used) {
                continue;
            }
            Sessions.Server server = sessions.servers().get(k);
            r.setX(0);
            r.setY(k * each + 2);
            r.setWidth(width);
            r.setHeight(Math.max(8, each - 4));
            r.setStrokeWidth(1.5 * settings.scale());
            r.setFill(server.running() ? p.surface() : p.text());
            r.setStroke(server.running() ? p.borderStrong() : p.text());
            t.setText(server.name() + " · " + server.word());
            t.setFont(LaneFonts.of(Math.max(settings.minText(), 13 * settings.scale()), true, false));
            t.setFill(server.running() ? p.text2() : p.surface());
            double room = r.getHeight() - 8;
            if (t.getLayoutBounds().getWidth() > room) {
                t.setText(server.word()); // a short box (two clients): the state word alone
            }
            t.setVisible(t.getLayoutBounds().getWidth() <= room);
            double tw = t.getLayoutBounds().getWidth();
            double th = t.getLayoutBounds().getHeight();
            // rotated about its centre: place the centre in the box's centre
            t.setLayoutX(width / 2 - tw / 2);
            t.setLayoutY(k * each + each / 2 - th / 2 + th / 2);
            t.setX(0);
            t.setY(0);
        }
        resize(width, height);
    }
}
