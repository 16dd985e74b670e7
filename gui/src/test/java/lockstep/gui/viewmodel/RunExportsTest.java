package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import lockstep.gui.cli.RenderCommand;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.render.LanePictures;
import lockstep.gui.source.SimulatorSource;
import lockstep.simulator.export.Export;
import lockstep.simulator.export.Exports;
import lockstep.simulator.export.MetricsCsv;
import lockstep.simulator.export.ShivizLog;

/**
 * The window's exports as commands of its view model: each writes a file that the exporter's own reader accepts (the
 * SVG parses as XML, the ShiViz log with ShiViz's default expression, the CSV has the header of {@code export --csv} and
 * a row per lane), the PNG is the very frame {@code render} draws, the GIF has a frame per beat; with no run open every
 * command refuses and says why; a cancelled GIF writes nothing.
 */
class RunExportsTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void toolkit() {
        HeadlessFx.start();
    }

    private static WorkbenchViewModel opened(java.util.concurrent.Executor exporting) {
        WorkbenchViewModel vm = new WorkbenchViewModel(new SimulatorSource(), Runnable::run, Runnable::run, null,
                new LanePictures(), exporting);
        vm.open("02", List.of("naive", "sequential"), null);
        assertEquals("", vm.errorProperty().get());
        return vm;
    }

    /** A format of the export registry, as the menu hands it to the command. */
    private static Export format(String name) {
        return Exports.named(name).orElseThrow();
    }

    private static WorkbenchViewModel opened() {
        return opened(Runnable::run);
    }

    @Test
    void theSvgIsTheFocusedLanesDiagramAndParses() throws Exception {
        WorkbenchViewModel vm = opened();
        vm.getCursor().focus(1);
        Path out = dir.resolve("herd.svg");
        vm.exports().export(format("svg"), out);
        assertEquals("", vm.errorProperty().get());
        assertEquals(ExportTexts.wrote(out), vm.exports().savedProperty().get());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(Files.readAllBytes(out)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals(lockstep.simulator.export.SequenceDiagram.of(vm.getCursor().lanes().get(1).events()),
                Files.readString(out), "the focused lane, by the exporter of lockstep export");
    }

    @Test
    void theShivizLogParsesWithShivizsDefaultExpression() throws Exception {
        WorkbenchViewModel vm = opened();
        Path out = dir.resolve("herd.log");
        vm.exports().export(format("shiviz"), out);
        String log = Files.readString(out);
        Matcher m = Pattern.compile(ShivizLog.DEFAULT_REGEX.replace("(?<clock>{.*})", "(?<clock>\\{.*})")).matcher(log);
        int end = 0;
        int entries = 0;
        while (m.find()) {
            assertEquals(end, m.start(), "a gap before " + m.group());
            end = m.end() + 1;
            entries++;
        }
        assertEquals(log.length(), end, "every character belongs to an event");
        assertTrue(entries > 10, "entries: " + entries);
    }

    @Test
    void theCsvHasARowPerLane() throws Exception {
        WorkbenchViewModel vm = opened();
        Path out = dir.resolve("metrics.csv");
        vm.exports().export(format("csv"), out);
        List<String> lines = Files.readAllLines(out);
        assertEquals(String.join(",", MetricsCsv.header()), lines.get(0));
        assertEquals(3, lines.size(), "a header and one row per lane: " + lines);
        assertTrue(lines.get(1).startsWith("02: naive,") && lines.get(2).startsWith("02: sequential,"), lines.toString());
    }

    @Test
    void thePlayerPageHasEveryLaneAndIsWhatExportWrites() throws Exception {
        WorkbenchViewModel vm = opened();
        Path out = dir.resolve("herd.html");
        vm.exports().export(format("html"), out);
        assertEquals("", vm.errorProperty().get());
        List<MetricsCsv.Run> lanes = vm.getCursor().lanes().stream()
                .map(lane -> new MetricsCsv.Run(lane.title(), lane.events())).toList();
        assertEquals(lockstep.simulator.export.PlayerPage.of(lanes), Files.readString(out),
                "every lane, by the exporter of lockstep export --html");
    }

    @Test
    void theFrameIsWhatRenderDrawsAtTheCursor() throws Exception {
        WorkbenchViewModel vm = opened();
        ReplayCursor cursor = vm.getCursor();
        int beat = cursor.beats().firstBeatOfStep(5);
        cursor.seek(beat);
        Path out = dir.resolve("frame.png");
        vm.exports().saveFrame(out, new RunExports.Look(900, 600, false, false));
        assertEquals("", vm.errorProperty().get());
        assertEquals(beat, cursor.getIndex(), "the window's cursor stays where it was");
        Path rendered = dir.resolve("render.png");
        RenderCommand.renderPng(new SimulatorSource().load("02", List.of("naive", "sequential"), null), beat, rendered,
                900, 600, false, false);
        BufferedImage saved = ImageIO.read(out.toFile());
        BufferedImage expected = ImageIO.read(rendered.toFile());
        assertEquals(900, saved.getWidth());
        assertEquals(600, saved.getHeight());
        assertArrayEquals(expected.getRGB(0, 0, 900, 600, null, 0, 900), saved.getRGB(0, 0, 900, 600, null, 0, 900));
    }

    @Test
    void theGifHasAFramePerBeatAndReportsItsProgress() throws Exception {
        WorkbenchViewModel vm = new WorkbenchViewModel(new SimulatorSource(), Runnable::run, Runnable::run, null,
                new LanePictures(), Runnable::run);
        vm.open("01", List.of("sequential"), null);
        List<Double> seen = new ArrayList<>();
        vm.exports().progressProperty().addListener((o, a, b) -> seen.add(b.doubleValue()));
        Path out = dir.resolve("run.gif");
        vm.exports().saveGif(out, new RunExports.Look(400, 300, false, false));
        assertEquals("", vm.errorProperty().get());
        assertEquals(ExportTexts.wrote(out), vm.exports().savedProperty().get());
        assertFalse(vm.exports().busyProperty().get());
        try (ImageInputStream in = ImageIO.createImageInputStream(out.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            int beats = vm.getCursor().sizeProperty().get();
            assertEquals(Math.min(beats, lockstep.gui.render.FrameRenderer.MAX_GIF_FRAMES),
                    reader.getNumImages(true));
        }
        assertTrue(seen.contains(1.0), "progress reaches the end: " + seen);
    }

    @Test
    void aCancelledGifWritesNothing() {
        List<Runnable> queued = new ArrayList<>();
        WorkbenchViewModel vm = opened(queued::add);
        Path out = dir.resolve("run.gif");
        vm.exports().saveGif(out, new RunExports.Look(400, 300, false, false));
        assertTrue(vm.exports().busyProperty().get());
        vm.exports().cancel();
        queued.forEach(Runnable::run);
        assertFalse(Files.exists(out));
        assertEquals(ExportTexts.text(ExportTexts.CANCELLED), vm.exports().savedProperty().get());
        assertFalse(vm.exports().busyProperty().get());
        assertEquals("", vm.errorProperty().get());
    }

    @Test
    void withNoRunOpenEveryCommandRefusesAndSaysWhy() {
        WorkbenchViewModel vm = new WorkbenchViewModel(new SimulatorSource(), Runnable::run, Runnable::run, null);
        assertEquals(ExportTexts.text(ExportTexts.NO_RUN), vm.exports().refusalProperty().get());
        Path out = dir.resolve("x.svg");
        vm.exports().export(format("svg"), out);
        assertEquals(ExportTexts.text(ExportTexts.NO_RUN), vm.errorProperty().get());
        assertFalse(Files.exists(out));
        vm.open("02", List.of("naive"), null);
        assertEquals("", vm.exports().refusalProperty().get());
    }

    @Test
    void aFileInNoDirectoryIsOneLineAndNothingIsWritten() {
        WorkbenchViewModel vm = opened();
        Path out = dir.resolve("missing").resolve("x.csv");
        vm.exports().export(format("csv"), out);
        assertTrue(vm.errorProperty().get().startsWith("no such directory: "), vm.errorProperty().get());
        assertFalse(vm.errorProperty().get().contains("\n"));
        assertEquals(ExportTexts.text(ExportTexts.CANNOT_EXPORT), vm.errorHeadingProperty().get());
    }
}
