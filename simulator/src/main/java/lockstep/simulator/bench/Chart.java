package lockstep.simulator.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

import lockstep.simulator.files.SafeFiles;

/**
 * A line chart of a benchmark's figures, written as SVG (by hand) or PNG (headless AWT), whichever the file's name
 * ends with. No JavaFX: the simulator must run without it.
 *
 * <p>Steps: scale the axes to the data (linear, or logarithmic when asked), draw the grid with round tick values,
 * each series as a line with markers (dashed for reference curves), and a legend. Guarantee: the file is written to a
 * temporary name and renamed, so a failed write leaves nothing half-written.
 */
public final class Chart {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 540;
    private static final int LEFT = 90;
    private static final int RIGHT = 230;
    private static final int TOP = 50;
    private static final int BOTTOM = 70;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#e377c2", "#17becf"};
    private static final String REFERENCE_COLOUR = "#222222";

    /**
     * One line: its points; whether it is a reference curve (dashed, dark, drawn over the data so a match shows);
     * its colour group (-1: the next colour) and whether it is drawn thin (a second measure of the same group).
     */
    public record Series(String name, double[] x, double[] y, boolean reference, int group, boolean thin) {

        public Series(String name, double[] x, double[] y, boolean reference) {
            this(name, x, y, reference, -1, false);
        }
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean logX;
    private final boolean logY;
    private final List<Series> series = new ArrayList<>();

    public Chart(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.logX = logX;
        this.logY = logY;
    }

    public Chart add(Series line) {
        series.add(line);
        return this;
    }

    /** True for the file names this writes: {@code .svg} and {@code .png}. */
    public static boolean supports(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".svg") || name.endsWith(".png");
    }

    /** Writes the chart to {@code file} (.svg or .png), through a temporary file and a rename. */
    public void write(Path file) throws IOException {
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg")) {
            SvgPen pen = new SvgPen();
            draw(pen);
            SafeFiles.writeString(file, pen.finish());
            return;
        }
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            draw(new AwtPen(g));
        } finally {
            g.dispose();
        }
        SafeFiles.write(file, temporary -> {
            // To the file itself: through a stream, ImageIO would cache in a temporary file of its own elsewhere.
            if (!ImageIO.write(image, "png", temporary.toFile())) {
                throw new IOException("no PNG writer");
            }
        });
    }

    // ---- drawing, the same for both formats ----------------------------------------------------------------------

    private interface Pen {
        void rect(double x, double y, double w, double h, String fill);

        void line(double x1, double y1, double x2, double y2, String colour, double width, boolean dashed);

        void polyline(double[] xs, double[] ys, String colour, double width, boolean dashed);

        void dot(double x, double y, double r, String colour);

        /** anchor: -1 left, 0 middle, 1 right. */
        void text(double x, double y, String text, int size, int anchor, boolean bold, boolean vertical);
    }

    private void draw(Pen pen) {
        pen.rect(0, 0, WIDTH, HEIGHT, "#ffffff");
        double[] xr = range(true);
        double[] yr = range(false);
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        Axis xAxis = new Axis(xr[0], xr[1], logX, LEFT, LEFT + plotW);
        Axis yAxis = new Axis(yr[0], yr[1], logY, TOP + plotH, TOP);
        pen.text(WIDTH / 2.0 - RIGHT / 2.0, 28, title, 17, 0, true, false);
        for (double tick : xAxis.ticks(distinctXs())) {
            double px = xAxis.at(tick);
            pen.line(px, TOP, px, TOP + plotH, "#e6e6e6", 1, false);
            pen.text(px, TOP + plotH + 20, label(tick), 12, 0, false, false);
        }
        for (double tick : yAxis.ticks(null)) {
            double py = yAxis.at(tick);
            pen.line(LEFT, py, LEFT + plotW, py, "#e6e6e6", 1, false);
            pen.text(LEFT - 8, py + 4, label(tick), 12, 1, false, false);
        }
        pen.line(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH, "#333333", 1.2, false);
        pen.line(LEFT, TOP, LEFT, TOP + plotH, "#333333", 1.2, false);
        pen.text(LEFT + plotW / 2, HEIGHT - 22, xLabel, 13, 0, false, false);
        pen.text(22, TOP + plotH / 2, yLabel, 13, 0, false, true);
        int colour = 0;
        double legendY = TOP + 10;
        List<Series> ordered = new ArrayList<>();
        series.stream().filter(s -> !s.reference()).forEach(ordered::add);
        series.stream().filter(Series::reference).forEach(ordered::add);
        for (Series s : ordered) {
            String c = s.reference() ? REFERENCE_COLOUR
                    : COLOURS[(s.group() >= 0 ? s.group() : colour++) % COLOURS.length];
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < s.x().length; i++) {
                if (xAxis.shows(s.x()[i]) && yAxis.shows(s.y()[i])) {
                    points.add(new double[] {xAxis.at(s.x()[i]), yAxis.at(s.y()[i])});
                }
            }
            double[] xs = points.stream().mapToDouble(p -> p[0]).toArray();
            double[] ys = points.stream().mapToDouble(p -> p[1]).toArray();
            double width = s.reference() ? 1.3 : s.thin() ? 1.2 : 2.4;
            pen.polyline(xs, ys, c, width, s.reference());
            if (!s.reference()) {
                for (int i = 0; i < xs.length; i++) {
                    pen.dot(xs[i], ys[i], s.thin() ? 2.5 : 3.8, c);
                }
            }
            double lx = LEFT + plotW + 18;
            pen.line(lx, legendY, lx + 26, legendY, c, width, s.reference());
            pen.text(lx + 32, legendY + 4, s.name(), 12, -1, false, false);
            legendY += 20;
        }
    }

    private double[] distinctXs() {
        return series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.x())).filter(Double::isFinite)
                .distinct().sorted().toArray();
    }

    private double[] range(boolean x) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        boolean log = x ? logX : logY;
        for (Series s : series) {
            for (double v : x ? s.x() : s.y()) {
                if (Double.isFinite(v) && (!log || v > 0)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (lo > hi) {
            return new double[] {log ? 1 : 0, 1};
        }
        if (!log) {
            lo = x ? lo : Math.min(0, lo);
            hi = hi == lo ? lo + 1 : hi * (x ? 1 : 1.08);
        } else if (hi == lo) {
            hi = lo * 10;
        }
        return new double[] {lo, hi};
    }

    private static String label(double v) {
        if (v >= 1_000_000 && v % 1_000_000 == 0) {
            return (long) (v / 1_000_000) + "M";
        }
        if (v >= 10_000 && v % 1000 == 0) {
            return (long) (v / 1000) + "k";
        }
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, "%.2g", v);
    }

    /** Data to pixels along one axis. */
    private record Axis(double lo, double hi, boolean log, double from, double to) {

        boolean shows(double v) {
            return Double.isFinite(v) && (!log || v > 0);
        }

        double at(double v) {
            double f = log ? (Math.log10(v) - Math.log10(lo)) / Math.max(1e-9, Math.log10(hi) - Math.log10(lo))
                    : (v - lo) / (hi - lo);
            return from + f * (to - from);
        }

        List<Double> ticks(double[] atData) {
            List<Double> ticks = new ArrayList<>();
            if (atData != null && atData.length <= 12) {
                // Few x values (client counts): a tick at each, labelled as the user gave them.
                for (double v : atData) {
                    ticks.add(v);
                }
                return ticks;
            }
            if (log) {
                for (double p = Math.pow(10, Math.floor(Math.log10(lo))); p <= hi * 1.0001; p *= 10) {
                    for (int m : new int[] {1, 2, 5}) {
                        double t = p * m;
                        if (t >= lo * 0.9999 && t <= hi * 1.0001) {
                            ticks.add(t);
                        }
                    }
                }
                return ticks;
            }
            double raw = (hi - lo) / 6;
            double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = magnitude * (raw / magnitude < 2 ? 2 : raw / magnitude < 5 ? 5 : 10);
            for (double t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) {
                ticks.add(t);
            }
            return ticks;
        }
    }

    private static final class SvgPen implements Pen {
        private final StringBuilder svg = new StringBuilder();

        SvgPen() {
            svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                    + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">%n",
                    WIDTH, HEIGHT, WIDTH, HEIGHT));
        }

        @Override
        public void rect(double x, double y, double w, double h, String fill) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    + "fill=\"%s\"/>%n", x, y, w, h, fill));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String colour, double width, boolean dashed) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    + "stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, colour, width, dash(dashed)));
        }

        @Override
        public void polyline(double[] xs, double[] ys, String colour, double width, boolean dashed) {
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < xs.length; i++) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", xs[i], ys[i]));
            }
            svg.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" "
                    + "stroke-width=\"%.1f\"%s/>%n", points.toString().trim(), colour, width, dash(dashed)));
        }

        private static String dash(boolean dashed) {
            return dashed ? " stroke-dasharray=\"6 4\"" : "";
        }

        @Override
        public void dot(double x, double y, double r, String colour) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>%n",
                    x, y, r, colour));
        }

        @Override
        public void text(double x, double y, String text, int size, int anchor, boolean bold, boolean vertical) {
            String a = anchor < 0 ? "start" : anchor > 0 ? "end" : "middle";
            String rotate = vertical ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : "";
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" "
                    + "text-anchor=\"%s\"%s%s fill=\"#222222\">%s</text>%n", x, y, size, a,
                    bold ? " font-weight=\"bold\"" : "", rotate, escape(text)));
        }

        private static String escape(String text) {
            return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        }

        String finish() {
            return svg.append("</svg>\n").toString();
        }
    }

    private static final class AwtPen implements Pen {
        private final Graphics2D g;

        AwtPen(Graphics2D g) {
            this.g = g;
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        }

        private void stroke(String colour, double width, boolean dashed) {
            g.setColor(Color.decode(colour));
            g.setStroke(dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                    new float[] {6f, 4f}, 0f) : new BasicStroke((float) width));
        }

        @Override
        public void rect(double x, double y, double w, double h, String fill) {
            g.setColor(Color.decode(fill));
            g.fill(new java.awt.geom.Rectangle2D.Double(x, y, w, h));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String colour, double width, boolean dashed) {
            stroke(colour, width, dashed);
            g.draw(new java.awt.geom.Line2D.Double(x1, y1, x2, y2));
        }

        @Override
        public void polyline(double[] xs, double[] ys, String colour, double width, boolean dashed) {
            if (xs.length == 0) {
                return;
            }
            stroke(colour, width, dashed);
            java.awt.geom.Path2D.Double path = new java.awt.geom.Path2D.Double();
            path.moveTo(xs[0], ys[0]);
            for (int i = 1; i < xs.length; i++) {
                path.lineTo(xs[i], ys[i]);
            }
            g.draw(path);
        }

        @Override
        public void dot(double x, double y, double r, String colour) {
            g.setColor(Color.decode(colour));
            g.fill(new java.awt.geom.Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r));
        }

        @Override
        public void text(double x, double y, String text, int size, int anchor, boolean bold, boolean vertical) {
            g.setColor(Color.decode("#222222"));
            g.setFont(new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, size));
            double w = g.getFontMetrics().stringWidth(text);
            double dx = anchor < 0 ? 0 : anchor > 0 ? -w : -w / 2;
            if (vertical) {
                java.awt.geom.AffineTransform saved = g.getTransform();
                g.rotate(-Math.PI / 2, x, y);
                g.drawString(text, (float) (x + dx), (float) y);
                g.setTransform(saved);
            } else {
                g.drawString(text, (float) (x + dx), (float) y);
            }
        }
    }
}
