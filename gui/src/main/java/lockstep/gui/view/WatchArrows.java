package lockstep.gui.view;

import java.util.Map;

import javafx.animation.AnimationTimer;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.simulator.frame.Arrow;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.frame.Pulse;
import lockstep.simulator.trace.Event;

/**
 * The lane's arrows, drawn on a canvas under the cards and rows: the tree line from the lock path to every card, each
 * watch as a dashed arrow from its client to the node it watches (a children watch dotted, to the whole column), and
 * this release's notifications as accent arrows with a pulse running from the node to the client.
 */
final class WatchArrows {

    private final Canvas canvas;
    private final LaneViewModel vm;
    private final ViewSettings settings;
    private double pulsePhase;
    private AnimationTimer pulseTimer;
    private long pulseStart;

    WatchArrows(Canvas canvas, LaneViewModel vm, ViewSettings settings) {
        this.canvas = canvas;
        this.vm = vm;
        this.settings = settings;
    }

    /** Starts the pulse animation while notifications are on screen, stops it when none are; {@code redraw} per frame. */
    void updatePulse(Runnable redraw) {
        boolean firing = vm.frame() != null && !vm.frame().pulses().isEmpty();
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
                    redraw.run();
                }
            };
            pulseTimer.start();
        } else if (!firing && pulseTimer != null) {
            pulseTimer.stop();
            pulseTimer = null;
        }
    }

    /**
     * Draws the tree line, every watch and this release's pulses for the lane's state.
     *
     * @param cardAnchor   each card's right-edge middle, by path
     * @param clientAnchor each client's arrow end (left of its avatar), by name
     * @param top          the top of the visible part of the lane body (the canvas covers only that part)
     * @param pitch        the client row pitch (thin arrows below 24 px)
     */
    void draw(Map<String, double[]> cardAnchor, Map<String, double[]> clientAnchor, double top, double pitch) {
        LaneFrame s = vm.frame();
        if (s == null) {
            return;
        }
        Palette p = settings.palette();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setTransform(new javafx.scene.transform.Affine());
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.translate(0, -top);
        double bottom = top + canvas.getHeight();
        double scale = settings.scale();
        boolean thin = pitch < 24;
        // the tree: a line from the lock path down to every card
        if (!cardAnchor.isEmpty()) {
            double maxY = 0;
            g.setStroke(p.border());
            g.setLineWidth(1.5 * scale);
            g.setLineDashes();
            // a group's nodes (a multi-lock's A, a semaphore's leases) hang from a branch of their own, under the group's
            // node: the lane reads as one tree per lock
            Map<String, double[]> branch = new java.util.HashMap<>();
            for (lockstep.simulator.frame.Card c : s.cards()) {
                double[] a = cardAnchor.get(c.path());
                if (a == null) {
                    continue;
                }
                if (c.inAGroup() && a.length > 2) {
                    double x = a[2] - 9 * scale;
                    g.strokeLine(x, a[1], a[2], a[1]);
                    double[] b = branch.computeIfAbsent(c.group(), k -> new double[] {a[1], a[1], x});
                    b[0] = Math.min(b[0], a[1]);
                    b[1] = Math.max(b[1], a[1]);
                    continue;
                }
                maxY = Math.max(maxY, a[1]);
                g.strokeLine(4, a[1], 14, a[1]);
            }
            g.strokeLine(4, 0, 4, maxY);
            for (lockstep.simulator.frame.Card c : s.cards()) {
                double[] head = cardAnchor.get(c.path());
                double[] b = branch.get(c.group());
                if (c.header() && head != null && b != null) {
                    g.strokeLine(b[2], head[1], b[2], b[1]);
                }
            }
        }
        double lineW = thin ? 1 : settings.lineWidth();
        for (Arrow w : s.arrows()) {
            double[] from = clientAnchor.get(w.client());
            if (from == null) {
                continue;
            }
            if (w.children()) {
                childrenWatch(g, from, cardAnchor, p, lineW, scale);
                continue;
            }
            double[] to = cardAnchor.get(w.path());
            if (to == null) {
                if (w.heldBack()) {
                    // the node is gone and no card is left to point at: the owed notification waits by the client
                    heldBack(g, from[0] - 44 * scale, from[1], from[0], from[1], p, lineW, scale);
                }
                continue;
            }
            double fx = from[0];
            double fy = from[1];
            if ((fy < top && to[1] < top) || (fy > bottom && to[1] > bottom)) {
                continue;
            }
            // A parked watch (the connection is down: the server dropped it, the client library will set it again) is
            // fainter and finer than one the server holds.
            Color stroke = w.parked() ? p.text3() : p.line();
            g.setStroke(stroke);
            g.setLineWidth(lineW);
            g.setLineDashes(w.parked() ? 1.5 * scale : 5 * scale, w.parked() ? 5 * scale : 4 * scale);
            curve(g, fx, fy, to[0] + 6, to[1]);
            g.setLineDashes();
            arrowHead(g, to[0] + 6, to[1], stroke, 5 * scale);
            if (w.heldBack()) {
                heldBack(g, to[0] + 6, to[1], fx, fy, p, lineW, scale);
            }
        }
        for (Pulse f : s.pulses()) {
            double[] from = cardAnchor.get(f.path());
            double[] client = clientAnchor.get(f.client());
            if (client == null) {
                continue;
            }
            double tx = client[0];
            double ty = client[1];
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
        deadlock(g, s, clientAnchor, p, lineW, scale);
    }

    /**
     * The waits-for cycle of a deadlock: a red arrow from each client in it to the client holding the lock it waits
     * for, looping out left of the avatars, with the lock's name at its bend. Each edge bends a little further out, so
     * two clients waiting for each other show two arrows, not one line.
     */
    private void deadlock(GraphicsContext g, LaneFrame s, Map<String, double[]> clientAnchor, Palette p, double lineW,
                          double scale) {
        int k = 0;
        for (lockstep.simulator.frame.WaitArrow w : s.deadlock()) {
            double[] from = clientAnchor.get(w.client());
            double[] to = clientAnchor.get(w.holder());
            if (from == null || to == null) {
                continue;
            }
            double bend = (34 + 26 * k++) * scale;
            double x = Math.min(from[0], to[0]) - bend;
            g.setStroke(p.finding());
            g.setLineWidth(Math.max(2, lineW + 0.5) * scale);
            g.setLineDashes();
            g.beginPath();
            g.moveTo(from[0], from[1]);
            g.bezierCurveTo(x, from[1], x, to[1], to[0] - 2, to[1]);
            g.stroke();
            double size = 5 * scale;
            g.setFill(p.finding());
            g.fillPolygon(new double[] {to[0], to[0] - size * 1.4, to[0] - size * 1.4},
                    new double[] {to[1], to[1] - size * 0.8, to[1] + size * 0.8}, 3);
            // the lock it waits for, at the bend (the middle of the curve is three quarters of the way out)
            g.setFont(LaneFonts.of(Math.max(settings.minText(), 13 * scale), true, false));
            g.setTextAlign(javafx.scene.text.TextAlignment.RIGHT);
            g.setTextBaseline(javafx.geometry.VPos.CENTER);
            g.fillText(w.lock(), x + bend * 0.25 - 4 * scale, (from[1] + to[1]) / 2);
            g.setTextAlign(javafx.scene.text.TextAlignment.LEFT);
            g.setTextBaseline(javafx.geometry.VPos.BASELINE);
        }
    }

    /**
     * A children watch (on the lock node itself: "tell me when the list of children changes"): a dotted arrow to the
     * tree's trunk between the first and the last card, with a bracket over the trunk, so it reads as "all of them",
     * never as a watch on one predecessor.
     */
    private void childrenWatch(GraphicsContext g, double[] from, Map<String, double[]> cardAnchor, Palette p,
                               double lineW, double scale) {
        double minY = Double.MAX_VALUE;
        double maxY = 0;
        for (double[] a : cardAnchor.values()) {
            minY = Math.min(minY, a[1]);
            maxY = Math.max(maxY, a[1]);
        }
        if (cardAnchor.isEmpty()) {
            minY = maxY = from[1];
        }
        double x = cardAnchor.isEmpty() ? 18 : cardAnchor.values().iterator().next()[0] + 6;
        double y = (minY + maxY) / 2; // every children watch meets at one point: the list, not a node
        g.setStroke(p.line());
        g.setLineWidth(lineW);
        g.setLineDashes(1.5 * scale, 4 * scale);
        curve(g, from[0], from[1], x + 4 * scale, y);
        g.setLineDashes();
        // the bracket: the card column's right side, from the first child to the last
        g.strokeLine(x + 4 * scale, minY, x + 4 * scale, maxY);
        g.strokeLine(x + 4 * scale, minY, x, minY);
        g.strokeLine(x + 4 * scale, maxY, x, maxY);
        arrowHead(g, x + 4 * scale, y, p.line(), 5 * scale);
    }

    /**
     * A notification owed and held back (its client is cut off or paused): a pulse that stopped half way, drawn as a
     * ring with a bar across it, so it reads as "on its way, not delivered".
     */
    private static void heldBack(GraphicsContext g, double sx, double sy, double tx, double ty, Palette p,
                                 double lineW, double scale) {
        g.setStroke(p.accent());
        g.setLineWidth(Math.max(1, lineW));
        g.setLineDashes(1.5 * scale, 4 * scale);
        curve(g, sx, sy, tx, ty);
        g.setLineDashes();
        double[] pt = bezier(sx, sy, tx, ty, 0.5);
        double r = 6 * scale;
        g.setFill(p.surface());
        g.fillOval(pt[0] - r, pt[1] - r, 2 * r, 2 * r);
        g.setStroke(p.accent());
        g.setLineWidth(2 * scale);
        g.strokeOval(pt[0] - r, pt[1] - r, 2 * r, 2 * r);
        g.strokeLine(pt[0] - r * 0.3, pt[1] - r * 0.5, pt[0] - r * 0.3, pt[1] + r * 0.5);
        g.strokeLine(pt[0] + r * 0.3, pt[1] - r * 0.5, pt[0] + r * 0.3, pt[1] + r * 0.5);
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

    /** Stops the pulse animation. */
    void dispose() {
        if (pulseTimer != null) {
            pulseTimer.stop();
            pulseTimer = null;
        }
    }
}
