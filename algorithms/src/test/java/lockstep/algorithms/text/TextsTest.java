package lockstep.algorithms.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

class TextsTest {

    @Test
    void aTagOrALocaleNamesALanguage() {
        assertEquals(Optional.of(Language.ZH), Language.ofTag("zh"));
        assertEquals(Optional.of(Language.ZH), Language.ofTag("zh-CN"));
        assertEquals(Optional.of(Language.RU), Language.ofTag("RU"));
        assertEquals(Optional.empty(), Language.ofTag("xx"));
        assertEquals(Optional.empty(), Language.ofTag("zhx"));
        assertEquals(Language.ZH, Language.ofLocale(Locale.SIMPLIFIED_CHINESE));
        assertEquals(Language.RU, Language.ofLocale(Locale.forLanguageTag("ru-RU")));
        assertEquals(Language.EN, Language.ofLocale(Locale.GERMANY));
        assertEquals("en, zh, ru", Language.tags());
    }

    @Test
    void sayingInALanguageLeavesTheProcesssLanguageAndItsListenersAlone() {
        java.util.List<Language> heard = new java.util.ArrayList<>();
        Runnable off = Texts.onSwitch(heard::add);
        try {
            Language before = Texts.language();
            assertEquals(Language.RU, Texts.saying(Language.RU, Texts::language));
            assertEquals(Language.ZH, Texts.saying(Language.ZH, () -> Texts.saying(Language.RU, () -> "x")
                    .isEmpty() ? null : Texts.language()), "the outer language is back after an inner one");
            assertEquals(before, Texts.language());
            assertEquals(java.util.List.of(), heard, "no listener told");
        } finally {
            off.run();
        }
    }

    @Test
    void theBuildPinsEnglishForTests() {
        assertEquals(Optional.of("en"), Language.configuredTag());
        assertEquals(Language.EN, Language.atStartUp());
    }

    @Test
    void apostrophesAreLiteralAndWholeNumbersAreNotGrouped() {
        assertEquals("client 'c1' waits 12345 ms", TextBundle.format("client '{0}' waits {1} ms", Locale.ENGLISH, "c1", 12345));
        assertEquals("it's {0}", TextBundle.format("it's {0}", Locale.ENGLISH));
    }

    @Test
    void aChoiceTakesTheFormOfItsNumberAndTheNumberStaysUngrouped() {
        String pattern = "{0}: {1,choice,0#{1} runs|1#1 run|1<{1} runs}, it''s {2,choice,1#one|1<many}";
        assertEquals("a: 1 run, it's one", TextBundle.format(pattern.replace("''", "'"), Locale.ENGLISH, "a", 1, 1));
        assertEquals("a: 12345 runs, it's many", TextBundle.format(pattern.replace("''", "'"), Locale.ENGLISH, "a",
                12345, 7L));
        assertEquals("a: 0 runs, it's one", TextBundle.format(pattern.replace("''", "'"), Locale.ENGLISH, "a", 0, 1));
    }

    @Test
    void aPluralTakesTheFormOfItsNumbersCategoryInTheLanguage() {
        String pattern = "{0,plural,one#{0} строка|few#{0} строки|many#{0} строк}";
        Locale ru = Language.RU.locale();
        assertEquals(List.of("1 строка", "2 строки", "4 строки", "5 строк", "11 строк", "12 строк", "14 строк",
                "21 строка", "22 строки", "25 строк", "101 строка", "111 строк", "12345 строк"),
                java.util.stream.LongStream.of(1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 12345)
                        .mapToObj(n -> TextBundle.format(pattern, ru, n)).toList());
        String english = "{0,plural,one#1 line|other#{0} lines} of {1}";
        assertEquals("1 line of c1", TextBundle.format(english, Locale.ENGLISH, 1, "c1"));
        assertEquals("0 lines of c1", TextBundle.format(english, Locale.ENGLISH, 0, "c1"));
        assertEquals("21 lines of c1", TextBundle.format(english, Locale.ENGLISH, 21L, "c1"));
        assertEquals("3 行", TextBundle.format("{0,plural,other#{0} 行}", Language.ZH.locale(), 3));
        assertEquals("2 строки", TextBundle.format("{0,plural,one#{0} строка|other#{0} строки}", ru, 2),
                "a category the text does not give takes other");
    }

    @Test
    void aSwitchIsSeenByLookupsAndListeners() {
        TextBundle bundle = Texts.bundle(AlgorithmTexts.BUNDLE);
        List<Language> heard = new ArrayList<>();
        Runnable remove = Texts.onSwitch(heard::add);
        try {
            String english = bundle.text("flag.fair");
            Texts.use(Language.RU);
            String russian = bundle.text("flag.fair");
            Texts.use(Language.RU);
            assertTrue(!english.equals(russian), russian);
            assertEquals(List.of(Language.RU), heard);
            assertEquals(english, bundle.in(Language.EN, "flag.fair"));
        } finally {
            Texts.use(Language.EN);
            remove.run();
        }
    }

    @Test
    void placeholdersAreReadAsNumbers() {
        assertEquals(Set.of("0", "1"), BundleAudit.placeholders("{1} waits for {0}, {0,number,#}"));
    }
}
