package lockstep.simulator.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import lockstep.simulator.BadInputException;
import lockstep.simulator.text.SimulatorTexts;

/**
 * One line of a trace file parsed as a flat JSON object, remembering the column where each field's value starts, so
 * that every complaint about a field points at it. Every getter either returns a well-typed value or throws a
 * {@link BadInputException} whose message is {@code SOURCE:LINE:COLUMN: what is wrong (what was expected)}.
 */
final class JsonLine {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private record Field(JsonNode value, int column) {
    }

    private final String source;
    private final int line;
    private final int endColumn;
    private final Map<String, Field> fields;

    private JsonLine(String source, int line, int endColumn, Map<String, Field> fields) {
        this.source = source;
        this.line = line;
        this.endColumn = endColumn;
        this.fields = fields;
    }

    /**
     * Parses {@code text}, one line without its newline. {@code cutShort} says the file ended inside this line (no
     * final newline), which turns a parse error into "the line is cut short".
     */
    static JsonLine parse(String text, String source, int line, boolean cutShort) throws BadInputException {
        Map<String, Field> fields = new LinkedHashMap<>();
        try (JsonParser json = MAPPER.createParser(text)) {
            JsonToken token = json.nextToken();
            if (token != JsonToken.START_OBJECT) {
                throw new BadInputException(source, line, column(json), SimulatorTexts.text("json.notAnObject"));
            }
            while ((token = json.nextToken()) == JsonToken.FIELD_NAME) {
                String name = json.currentName();
                int nameColumn = column(json);
                json.nextToken();
                int valueColumn = column(json);
                JsonNode value = json.readValueAsTree();
                if (fields.put(name, new Field(value, valueColumn)) != null) {
                    throw new BadInputException(source, line, nameColumn,
                            SimulatorTexts.text("json.fieldTwice", name));
                }
            }
            if (json.nextToken() != null) {
                throw new BadInputException(source, line, column(json), SimulatorTexts.text("json.textAfter"));
            }
        } catch (JsonEOFException e) {
            throw new BadInputException(source, line, text.length() + 1,
                    SimulatorTexts.text(cutShort ? "json.cutShort" : "json.notClosed"));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            int column = at == null ? 1 : Math.max(1, at.getColumnNr());
            String problem = firstLine(e.getOriginalMessage());
            if (cutShort) {
                // The last line stops short: whatever the parser tripped on, the cause is a truncated file.
                throw new BadInputException(source, line, column,
                        SimulatorTexts.text("json.cutShort"));
            }
            throw new BadInputException(source, line, column, SimulatorTexts.text("json.malformed", problem));
        } catch (IOException e) {
            // Parsing a String does no I/O; anything else Jackson throws here is still a malformed line to the user.
            throw new BadInputException(source, line, 1, SimulatorTexts.text("json.unreadable", firstLine(e.getMessage())));
        }
        return new JsonLine(source, line, text.length() + 1, fields);
    }

    private static int column(JsonParser json) {
        return Math.max(1, json.currentTokenLocation().getColumnNr());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return SimulatorTexts.text("json.unknownError");
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    boolean has(String name) {
        return fields.containsKey(name);
    }

    /** The field's text, or null when it is missing or not a string. */
    String textOrNull(String name) {
        Field field = fields.get(name);
        return field != null && field.value().isTextual() ? field.value().textValue() : null;
    }

    Collection<String> names() {
        return fields.keySet();
    }

    String text(String name) throws BadInputException {
        JsonNode value = require(name, SimulatorTexts.text("json.expect.string"));
        if (!value.isTextual()) {
            throw wrong(name, is(value), SimulatorTexts.text("json.expect.string"));
        }
        return value.textValue();
    }

    int integer(String name) throws BadInputException {
        JsonNode value = require(name, SimulatorTexts.text("json.expect.whole"));
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw wrong(name, is(value), SimulatorTexts.text("json.expect.whole"));
        }
        return value.intValue();
    }

    long longInteger(String name) throws BadInputException {
        JsonNode value = require(name, SimulatorTexts.text("json.expect.whole"));
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw wrong(name, is(value), SimulatorTexts.text("json.expect.whole"));
        }
        return value.longValue();
    }

    boolean bool(String name) throws BadInputException {
        JsonNode value = require(name, SimulatorTexts.text("json.expect.boolean"));
        if (!value.isBoolean()) {
            throw wrong(name, is(value), SimulatorTexts.text("json.expect.boolean"));
        }
        return value.booleanValue();
    }

    List<String> texts(String name) throws BadInputException {
        JsonNode value = require(name, SimulatorTexts.text("json.expect.strings"));
        if (!value.isArray()) {
            throw wrong(name, is(value), SimulatorTexts.text("json.expect.strings"));
        }
        List<String> texts = new ArrayList<>(value.size());
        for (JsonNode element : value) {
            if (!element.isTextual()) {
                throw wrong(name, SimulatorTexts.text("json.holds", describe(element)), SimulatorTexts.text("json.expect.strings"));
            }
            texts.add(element.textValue());
        }
        return texts;
    }

    /** An error about the value of field {@code name}, at the column where that value starts. */
    BadInputException wrong(String name, String what, String expected) {
        Field field = fields.get(name);
        int column = field == null ? 1 : field.column();
        return new BadInputException(source, line, column, SimulatorTexts.text("json.wrong", name, what, expected));
    }

    /** An error about the line as a whole, at its first column. */
    BadInputException wrongLine(String what, String expected) {
        return new BadInputException(source, line, 1, SimulatorTexts.text("json.wrongLine", what, expected));
    }

    private JsonNode require(String name, String expected) throws BadInputException {
        Field field = fields.get(name);
        if (field == null) {
            // Point just past the object: that is where the missing field would have had to be.
            throw new BadInputException(source, line, endColumn, SimulatorTexts.text("json.missingField", name, expected));
        }
        return field.value();
    }

    /** "is 5", "is the string "x"": what a field's value is, in the current language. */
    private static String is(JsonNode value) {
        return SimulatorTexts.text("json.is", describe(value));
    }

    private static String describe(JsonNode value) {
        if (value.isNull()) {
            return "null";
        }
        if (value.isTextual()) {
            return SimulatorTexts.text("json.theString", value.toString());
        }
        if (value.isContainerNode()) {
            return SimulatorTexts.text(value.isArray() ? "json.anArray" : "json.anObject");
        }
        return value.toString();
    }
}
