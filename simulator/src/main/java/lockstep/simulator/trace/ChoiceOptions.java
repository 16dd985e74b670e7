package lockstep.simulator.trace;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;

/**
 * The options of a {@link Event.Choice}, kept as what changed since the run's previous choice: an immutable list of
 * strings that costs tens of bytes a choice instead of a reference (and a string) per option.
 *
 * <p>Why: at a choice every call waiting at the gate and every notification waiting to be delivered is an option, so
 * in a herd of N clients a choice lists up to N options, and the next choice lists nearly the same ones (the option
 * taken is gone, a few arrived). Kept whole, a 256-client naive herd held some 6 KB an event; kept as a delta it
 * holds the few options that changed, and every {@value #CHECKPOINT_EVERY}th choice (or one that changed more than
 * it kept) holds its options whole, so that reading one never walks back further than that.
 *
 * <p>Guarantees: it is a plain immutable {@link List} (equal to, and hashing as, the same strings in a list), so a
 * trace written from it has the same bytes as one written from a copied list. Reading an option walks back through
 * at most {@value #CHECKPOINT_EVERY} deltas; iterating materialises the list once. Safe to read from any thread.
 */
public final class ChoiceOptions extends AbstractList<String> implements RandomAccess {

    /** How many deltas at most lie between a choice and the last one whose options are kept whole. */
    static final int CHECKPOINT_EVERY = 32;

    private static final int[] NONE = new int[0];
    private static final String[] NO_TEXT = new String[0];

    /** The previous choice's options, or null when this one keeps its options whole ({@link #whole}). */
    private final ChoiceOptions base;
    private final String[] whole;
    /** Positions in {@link #base} of the options gone since it, ascending. */
    private final int[] removed;
    /** Positions in this list of the options new since {@link #base}, ascending, and the options themselves. */
    private final int[] insertedAt;
    private final String[] inserted;
    private final int size;
    private final int depth;

    private ChoiceOptions(String[] whole) {
        this.base = null;
        this.whole = whole;
        this.removed = NONE;
        this.insertedAt = NONE;
        this.inserted = NO_TEXT;
        this.size = whole.length;
        this.depth = 0;
    }

    private ChoiceOptions(ChoiceOptions base, int[] removed, int[] insertedAt, String[] inserted) {
        this.base = base;
        this.whole = null;
        this.removed = removed;
        this.insertedAt = insertedAt;
        this.inserted = inserted;
        this.size = base.size - removed.length + inserted.length;
        this.depth = base.depth + 1;
    }

    /** The options whole (a copy of {@code options}). */
    public static ChoiceOptions of(List<String> options) {
        String[] all = options.toArray(NO_TEXT);
        for (String s : all) {
            Objects.requireNonNull(s, "option");
        }
        return new ChoiceOptions(all);
    }

    /**
     * Keeps a run's choices' options one after the other, each as what changed since the one before (not
     * thread-safe: the thread that records the run uses it). The result equals the options given whatever they hold;
     * it is only smaller when consecutive choices share most options in the same order, as a run's do.
     */
    public static final class Builder {

        private ChoiceOptions last;
        private String[] lastAll;

        /** {@code options}, kept as what changed since the options last given. */
        public ChoiceOptions next(List<String> options) {
            ChoiceOptions made = last == null || last.depth + 1 >= CHECKPOINT_EVERY ? of(options)
                    : after(last, lastAll, options);
            last = made;
            lastAll = made.whole != null ? made.whole : options.toArray(NO_TEXT);
            return made;
        }
    }

    private static ChoiceOptions after(ChoiceOptions previous, String[] before, List<String> options) {
        Set<String> now = null; // made only when a look one ahead does not tell what changed
        int[] gone = new int[before.length];
        int goneCount = 0;
        int[] at = new int[options.size()];
        String[] added = new String[options.size()];
        int addedCount = 0;
        int i = 0;
        int j = 0;
        // A common subsequence, greedily: what both keep in the same order stays shared, the rest is the delta. Any
        // decision below keeps the result equal to the options; the look ahead only keeps the delta small.
        while (i < before.length || j < options.size()) {
            String next = j < options.size() ? Objects.requireNonNull(options.get(j), "option") : null;
            boolean removed;
            if (i < before.length && next != null && before[i].equals(next)) {
                i++;
                j++;
                continue;
            } else if (next == null) {
                removed = true;
            } else if (i >= before.length) {
                removed = false;
            } else if (i + 1 < before.length && before[i + 1].equals(next)) {
                removed = true;
            } else if (j + 1 < options.size() && before[i].equals(options.get(j + 1))) {
                removed = false;
            } else {
                if (now == null) {
                    now = new HashSet<>(options);
                }
                removed = !now.contains(before[i]);
            }
            if (removed) {
                gone[goneCount++] = i++;
            } else {
                at[addedCount] = j;
                added[addedCount++] = next;
                j++;
            }
        }
        if (goneCount + addedCount > options.size() / 2 + 2) {
            return of(options);
        }
        return new ChoiceOptions(previous, Arrays.copyOf(gone, goneCount), Arrays.copyOf(at, addedCount),
                Arrays.copyOf(added, addedCount));
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String get(int index) {
        Objects.checkIndex(index, size);
        ChoiceOptions list = this;
        int i = index;
        while (list.whole == null) {
            int k = Arrays.binarySearch(list.insertedAt, i);
            if (k >= 0) {
                return list.inserted[k];
            }
            // i among the kept options of base: skip the inserted ones before it, then the removed ones up to it
            int keptIndex = i - (-k - 1);
            i = baseIndexOfKept(list.removed, keptIndex);
            list = list.base;
        }
        return list.whole[i];
    }

    /** The position in the base of its {@code kept}-th option that was not removed ({@code removed} ascending). */
    private static int baseIndexOfKept(int[] removed, int kept) {
        int lo = 0;
        int hi = removed.length;
        // the number r of removed positions below the answer satisfies answer = kept + r, removed[r-1] < answer
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (removed[mid] <= kept + mid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return kept + lo;
    }

    @Override
    public Object[] toArray() {
        return materialise().clone();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        String[] all = materialise();
        if (a.length < all.length) {
            return (T[]) Arrays.copyOf(all, all.length, a.getClass());
        }
        System.arraycopy(all, 0, a, 0, all.length);
        if (a.length > all.length) {
            a[all.length] = null;
        }
        return a;
    }

    @Override
    public java.util.Iterator<String> iterator() {
        return Arrays.asList(materialise()).iterator();
    }

    /** The options as an array (shared when kept whole: never hand it out). */
    private String[] materialise() {
        if (whole != null) {
            return whole;
        }
        String[] before = base.materialise();
        String[] out = new String[size];
        int r = 0;
        int a = 0;
        int o = 0;
        for (int b = 0; b <= before.length; b++) {
            while (a < insertedAt.length && insertedAt[a] == o) {
                out[o++] = inserted[a++];
            }
            if (b == before.length) {
                break;
            }
            if (r < removed.length && removed[r] == b) {
                r++;
            } else {
                out[o++] = before[b];
            }
        }
        return out;
    }
}
