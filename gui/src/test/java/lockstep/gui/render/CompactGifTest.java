package lockstep.gui.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compact GIF keeps the frames' colours and writes, after the first frame, only the rectangle that changed. */
class CompactGifTest {

    private static BufferedImage frame(Color background, Color box, int x, int y) {
        BufferedImage image = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(background);
        g.fillRect(0, 0, 40, 30);
        g.setColor(box);
        g.fillRect(x, y, 5, 4);
        g.dispose();
        return image;
    }

    @Test
    void theColoursAreKeptAndLaterFramesAreOnlyTheirChange(@TempDir Path dir) throws Exception {
        Color background = new Color(243, 245, 248);
        Color box = new Color(15, 118, 110);
        BufferedImage first = frame(background, box, 2, 3);
        BufferedImage second = frame(background, box, 20, 10); // the box moved: two small areas changed
        Path gif = dir.resolve("x.gif");
        CompactGif.write(List.of(first, second), List.of(600, 600), gif);

        ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            reader.setInput(in);
            assertEquals(2, reader.getNumImages(true));
            BufferedImage shown = reader.read(0);
            assertEquals(background.getRGB(), shown.getRGB(30, 25), "the background is the frame's own colour");
            assertEquals(box.getRGB(), shown.getRGB(3, 4), "and so is the box");
            IIOMetadataNode root = (IIOMetadataNode) reader.getImageMetadata(1).getAsTree("javax_imageio_gif_image_1.0");
            IIOMetadataNode descriptor = (IIOMetadataNode) root.getElementsByTagName("ImageDescriptor").item(0);
            assertEquals(List.of("2", "3", "23", "11"), List.of(descriptor.getAttribute("imageLeftPosition"),
                    descriptor.getAttribute("imageTopPosition"), descriptor.getAttribute("imageWidth"),
                    descriptor.getAttribute("imageHeight")), "the second frame is the box's old and new place only");
        } finally {
            reader.dispose();
        }
    }
}
