package lockstep.gui.render;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

import lockstep.simulator.files.SafeFiles;

/**
 * An animated GIF of the lanes, small and quick to write. Steps: (1) one palette for the whole animation, the 256
 * colours the frames use most but one (the window is drawn in a few flat colours; anti-aliased edges take the nearest),
 * so no frame pays for a palette search of its own; (2) each frame after the first is only the rectangle that changed
 * since the frame before, drawn over it, and inside it every pixel that did not change is the one transparent colour
 * (long runs of one index, which the GIF's LZW packs into little: a beat changes a few rows and captions, not the
 * window).
 * Guarantees: every frame shown equals the rendered frame up to the palette's nearest colour; the file is written under
 * a temporary name and renamed into place.
 */
final class CompactGif {

    /** The palette index kept for "as in the frame before" (transparent in every frame after the first). */
    private static final int UNCHANGED = 255;

    private CompactGif() {
    }

    static void write(List<BufferedImage> frames, List<Integer> delaysMs, Path out) throws IOException {
        if (frames.isEmpty()) {
            throw new IOException("no frame to write");
        }
        int w = frames.get(0).getWidth();
        int h = frames.get(0).getHeight();
        List<int[]> pixels = new ArrayList<>();
        for (BufferedImage f : frames) {
            pixels.add(f.getRGB(0, 0, w, h, null, 0, w));
        }
        int[] palette = palette(pixels);
        IndexColorModel model = model(palette);
        Nearest nearest = new Nearest(palette);
        SafeFiles.write(out, tmp -> write(pixels, delaysMs, tmp, w, h, palette, model, nearest));
    }

    private static void write(List<int[]> pixels, List<Integer> delaysMs, Path tmp, int w, int h,
                              int[] palette, IndexColorModel model, Nearest nearest) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(tmp.toFile())) {
            writer.setOutput(stream);
            writer.prepareWriteSequence(null);
            int[] previous = null;
            for (int i = 0; i < pixels.size(); i++) {
                int[] now = pixels.get(i);
                int[] box = previous == null ? new int[] {0, 0, w, h} : changed(previous, now, w, h);
                BufferedImage part = indexed(now, previous, w, box, model, nearest);
                ImageWriteParam param = writer.getDefaultWriteParam();
                IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(part),
                        param);
                String format = meta.getNativeMetadataFormatName();
                IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
                IIOMetadataNode descriptor = FrameRenderer.child(root, "ImageDescriptor");
                descriptor.setAttribute("imageLeftPosition", Integer.toString(box[0]));
                descriptor.setAttribute("imageTopPosition", Integer.toString(box[1]));
                descriptor.setAttribute("imageWidth", Integer.toString(box[2]));
                descriptor.setAttribute("imageHeight", Integer.toString(box[3]));
                descriptor.setAttribute("interlaceFlag", "FALSE");
                // The palette itself, named in every frame: without it the writer falls back to its web palette.
                IIOMetadataNode table = FrameRenderer.child(root, "LocalColorTable");
                while (table.getLength() > 0) {
                    table.removeChild(table.item(0));
                }
                table.setAttribute("sizeOfLocalColorTable", "256");
                table.setAttribute("sortFlag", "FALSE");
                for (int k = 0; k < 256; k++) {
                    IIOMetadataNode entry = new IIOMetadataNode("ColorTableEntry");
                    entry.setAttribute("index", Integer.toString(k));
                    entry.setAttribute("red", Integer.toString((palette[k] >> 16) & 0xFF));
                    entry.setAttribute("green", Integer.toString((palette[k] >> 8) & 0xFF));
                    entry.setAttribute("blue", Integer.toString(palette[k] & 0xFF));
                    table.appendChild(entry);
                }
                IIOMetadataNode gce = FrameRenderer.child(root, "GraphicControlExtension");
                gce.setAttribute("disposalMethod", "doNotDispose");
                gce.setAttribute("userInputFlag", "FALSE");
                gce.setAttribute("transparentColorFlag", previous == null ? "FALSE" : "TRUE");
                gce.setAttribute("delayTime", Integer.toString(Math.max(2, delaysMs.get(i) / 10)));
                gce.setAttribute("transparentColorIndex", Integer.toString(UNCHANGED));
                if (i == 0) {
                    IIOMetadataNode apps = FrameRenderer.child(root, "ApplicationExtensions");
                    IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
                    app.setAttribute("applicationID", "NETSCAPE");
                    app.setAttribute("authenticationCode", "2.0");
                    app.setUserObject(new byte[] {1, 0, 0});
                    apps.appendChild(app);
                }
                meta.setFromTree(format, root);
                writer.writeToSequence(new IIOImage(part, null, meta), param);
                previous = now;
            }
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }
    }

    /** The 255 colours used most, counted on a sample of every frame's pixels (the last entry is {@link #UNCHANGED}). */
    static int[] palette(List<int[]> frames) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (int[] f : frames) {
            for (int p = 0; p < f.length; p += 29) { // a sample: the flat colours that matter are everywhere
                counts.merge(f[p] & 0xFFFFFF, 1, Integer::sum);
            }
        }
        int[] top = counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(UNCHANGED)
                .mapToInt(Map.Entry::getKey).toArray();
        int[] palette = new int[256];
        System.arraycopy(top, 0, palette, 0, top.length);
        palette[UNCHANGED] = 0xFF00FF; // never matched: Nearest searches the others only
        for (int k = top.length; k < UNCHANGED; k++) {
            palette[k] = top.length == 0 ? 0 : top[0];
        }
        return palette;
    }

    private static IndexColorModel model(int[] palette) {
        byte[] r = new byte[256];
        byte[] g = new byte[256];
        byte[] b = new byte[256];
        for (int k = 0; k < 256; k++) {
            r[k] = (byte) (palette[k] >> 16);
            g[k] = (byte) (palette[k] >> 8);
            b[k] = (byte) palette[k];
        }
        return new IndexColorModel(8, 256, r, g, b);
    }

    /** {left, top, width, height} of the pixels that differ (a 1x1 box when none does). */
    static int[] changed(int[] before, int[] after, int w, int h) {
        int minX = w;
        int minY = h;
        int maxX = -1;
        int maxY = -1;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            for (int x = 0; x < w; x++) {
                if (before[row + x] != after[row + x]) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = y;
                }
            }
        }
        return maxX < 0 ? new int[] {0, 0, 1, 1} : new int[] {minX, minY, maxX - minX + 1, maxY - minY + 1};
    }

    private static BufferedImage indexed(int[] pixels, int[] before, int w, int[] box, IndexColorModel model,
                                         Nearest nearest) {
        BufferedImage image = new BufferedImage(box[2], box[3], BufferedImage.TYPE_BYTE_INDEXED, model);
        byte[] data = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < box[3]; y++) {
            int from = (box[1] + y) * w + box[0];
            int to = y * box[2];
            for (int x = 0; x < box[2]; x++) {
                int p = pixels[from + x];
                data[to + x] = before != null && before[from + x] == p ? (byte) UNCHANGED : nearest.of(p);
            }
        }
        return image;
    }

    /** The nearest palette entry of a colour, remembered per colour (a run uses some thousands of colours). */
    private static final class Nearest {
        private final int[] palette;
        private final Map<Integer, Byte> known = new HashMap<>();

        Nearest(int[] palette) {
            this.palette = palette;
        }

        byte of(int argb) {
            int rgb = argb & 0xFFFFFF;
            Byte hit = known.get(rgb);
            if (hit != null) {
                return hit;
            }
            int best = 0;
            long bestD = Long.MAX_VALUE;
            for (int k = 0; k < UNCHANGED; k++) {
                int dr = ((palette[k] >> 16) & 0xFF) - ((rgb >> 16) & 0xFF);
                int dg = ((palette[k] >> 8) & 0xFF) - ((rgb >> 8) & 0xFF);
                int db = (palette[k] & 0xFF) - (rgb & 0xFF);
                long d = 3L * dr * dr + 4L * dg * dg + 2L * db * db;
                if (d < bestD) {
                    bestD = d;
                    best = k;
                }
            }
            byte found = (byte) best;
            known.put(rgb, found);
            return found;
        }
    }
}
