package lockstep.gui.render;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import javafx.scene.layout.Priority;
import lockstep.gui.view.LanesView;
import lockstep.gui.view.NarrationBanner;
import lockstep.gui.view.Palette;
import lockstep.gui.view.Theme;
import lockstep.gui.view.ViewSettings;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.trace.Event;

/**
 * Draws the window's lanes (with the narration banner and the cursor's position line) off screen: the same
 * {@link LanesView} the window shows, in a scene of its own, snapshotted. Create and use it on the FX thread.
 */
public final class FrameRenderer {

    /** At most this many frames in a GIF: longer runs take every n-th event. */
    public static final int MAX_GIF_FRAMES = 160;

    private final ReplayCursor cursor;
    private final Scene scene;
    private final LanesView lanes;
    private final WritableImage buffer;

    public FrameRenderer(ReplayCursor cursor, int width, int height, boolean dark, boolean presentation) {
        this.cursor = cursor;
        ViewSettings settings = new ViewSettings(false);
        settings.paletteProperty().set(dark ? Palette.DARK : Palette.LIGHT);
        settings.presentationProperty().set(presentation);
        lanes = new LanesView(cursor, settings);
        VBox.setVgrow(lanes, Priority.ALWAYS);
        Label position = new Label();
        position.getStyleClass().add("position");
        position.textProperty().bind(cursor.positionProperty());
        VBox root = new VBox(16, new NarrationBanner(cursor), lanes, position);
        root.setPadding(new Insets(24));
        scene = new Scene(root, width, height);
        Theme.apply(scene, dark, presentation);
        buffer = new WritableImage(width, height);
    }

    public Scene scene() {
        return scene;
    }

    /** The frame at beat {@code index} (every lane at the same beat). */
    public WritableImage frame(int index) {
        layOut(index);
        return scene.snapshot(buffer);
    }

    /**
     * The scene at beat {@code index}, styled and laid out but not painted: what a check of the layout reads (a
     * label's shown text, a node's bounds) is there, without the cost of rasterizing the whole frame.
     */
    public void layOut(int index) {
        cursor.seek(index);
        scene.getRoot().applyCss();
        scene.getRoot().layout();
    }

    /** A frame copied out of the reused buffer. */
    public BufferedImage frameImage(int index) {
        return SwingFXUtils.fromFXImage(frame(index), null);
    }

    /**
     * A frame of an animation: the frame, with the findings band naming the failures found up to beat {@code index}
     * (read from the lanes' frames at that beat).
     */
    public BufferedImage animationFrame(int index) {
        BufferedImage image = frameImage(index);
        return FindingsBand.onto(image, FindingsBand.wordsAt(
                cursor.lanes().stream().map(lockstep.gui.viewmodel.LaneViewModel::frame).toList()));
    }

    /** The beats a GIF shows: every beat up to {@link #MAX_GIF_FRAMES} frames, otherwise every n-th one. */
    public static List<Integer> gifIndices(int n) {
        int stride = Math.max(1, (int) Math.ceil(n / (double) MAX_GIF_FRAMES));
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (i % stride == 0 || i == n - 1) {
                out.add(i);
            }
        }
        return out;
    }

    /** Milliseconds a GIF gives a banner before its first word and per word read (about 200 words a minute). */
    static final int READ_START_MS = 1200;
    static final int READ_PER_WORD_MS = 300;

    /**
     * How long a GIF shows beat {@code i} (milliseconds), timed for a slide: a beat whose banner changes (the title card,
     * a say line) long enough to read it, by its words; a beat where a checker finding appears, or the end of a line
     * with a fault, lingers; the end of a release is held; the last beat longest. Moves the cursor to beat {@code i}.
     */
    public static int gifDelayMs(ReplayCursor cursor, int i) {
        if (cursor.getIndex() != i) {
            cursor.seek(i);
        }
        var beat = cursor.beats().beat(i);
        int delay = 600;
        if (beat.release() && beat.lastOfStep()) {
            delay = 1500;
        }
        for (int lane = 0; lane < cursor.lanes().size(); lane++) {
            if (beat.lastOfStep() && !cursor.lanes().get(lane).getState().thisLine().faults().isEmpty()) {
                delay = Math.max(delay, 3000);
            }
            int before = i == 0 ? -1 : cursor.beats().indexIn(lane, i - 1);
            int now = cursor.beats().indexIn(lane, i);
            boolean found = cursor.lanes().get(lane).replays().violations().stream()
                    .anyMatch(f -> f.at() > before && f.at() <= now);
            if (found) {
                delay = Math.max(delay, 3500);
            }
        }
        if (i == 0 || beat.narration()) {
            StringBuilder banner = new StringBuilder(cursor.narrationProperty().get());
            cursor.lanes().forEach(lane -> banner.append(' ').append(lane.ownNarrationProperty().get()));
            delay = Math.max(delay, readingMs(banner.toString()));
        }
        return i == cursor.sizeProperty().get() - 1 ? Math.max(delay, 3000) : delay;
    }

    /** Time to read {@code text}: a start and so much per word (two Chinese characters count as a word). */
    static int readingMs(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return 0;
        }
        int words = 0;
        int ideographs = 0;
        for (String token : t.split("\\s+")) {
            long cjk = token.codePoints().filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN).count();
            ideographs += (int) cjk;
            if (cjk < token.codePointCount(0, token.length())) {
                words++;
            }
        }
        words += (ideographs + 1) / 2;
        return Math.max(2200, Math.min(20_000, READ_START_MS + READ_PER_WORD_MS * words));
    }

    /** Writes a PNG through a temporary file renamed into place. */
    public static void writePng(BufferedImage image, Path out) throws IOException {
        SafeFiles.write(out, tmp -> {
            if (!ImageIO.write(image, "png", tmp.toFile())) {
                throw new IOException("no PNG writer");
            }
        });
    }

    /**
     * Writes an animated, looping GIF (delays in milliseconds) through a temporary file renamed into place: one shared
     * palette, and after the first frame only what changed ({@link CompactGif}).
     */
    public static void writeGif(List<BufferedImage> frames, List<Integer> delaysMs, Path out) throws IOException {
        CompactGif.write(frames, delaysMs, out);
    }

    /**
     * The first GIF writer, kept for the benchmark that compares against it: every frame whole, each with a palette
     * of its own made by the JDK's writer.
     */
    public static void writeGifEveryPixel(List<BufferedImage> frames, List<Integer> delaysMs, Path out) throws IOException {
        SafeFiles.write(out, tmp -> writeGifEveryPixelTo(frames, delaysMs, tmp));
    }

    private static void writeGifEveryPixelTo(List<BufferedImage> frames, List<Integer> delaysMs, Path tmp)
            throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(tmp.toFile())) {
            writer.setOutput(stream);
            writer.prepareWriteSequence(null);
            for (int i = 0; i < frames.size(); i++) {
                BufferedImage rgb = toRgb(frames.get(i));
                ImageWriteParam param = writer.getDefaultWriteParam();
                IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(rgb),
                        param);
                String format = meta.getNativeMetadataFormatName();
                IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
                IIOMetadataNode gce = child(root, "GraphicControlExtension");
                gce.setAttribute("disposalMethod", "none");
                gce.setAttribute("userInputFlag", "FALSE");
                gce.setAttribute("transparentColorFlag", "FALSE");
                gce.setAttribute("delayTime", Integer.toString(Math.max(2, delaysMs.get(i) / 10)));
                gce.setAttribute("transparentColorIndex", "0");
                if (i == 0) {
                    IIOMetadataNode apps = child(root, "ApplicationExtensions");
                    IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
                    app.setAttribute("applicationID", "NETSCAPE");
                    app.setAttribute("authenticationCode", "2.0");
                    app.setUserObject(new byte[] {1, 0, 0});
                    apps.appendChild(app);
                }
                meta.setFromTree(format, root);
                writer.writeToSequence(new IIOImage(rgb, null, meta), param);
            }
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }
    }

    private static BufferedImage toRgb(BufferedImage image) {
        if (image.getType() == BufferedImage.TYPE_INT_RGB) {
            return image;
        }
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.getGraphics().drawImage(image, 0, 0, null);
        return rgb;
    }

    static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }
}
