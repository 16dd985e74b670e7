package lockstep.simulator.replay;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * A list a replay only appends to, shared with its snapshots for nothing: {@link #share()} hands out a copy that sees
 * the first {@code size} items of the same array, so a snapshot of a script line's book costs O(1) however many
 * notifications the line holds. Appending to the original goes on in place (beyond what a share sees); the first append
 * to a share, and any removal, works on a fresh array of its own.
 *
 * <p>Not thread-safe; a frozen view ({@link #frozen()}) is immutable and may be shared once published.
 */
final class AppendOnly<T> {

    private Object[] items;
    private int size;
    /** Whether this list may write into {@link #items} in place (no share sees the slots past {@link #size}). */
    private boolean owner;

    AppendOnly() {
        items = new Object[4];
        owner = true;
    }

    private AppendOnly(Object[] items, int size) {
        this.items = items;
        this.size = size;
    }

    /** A copy for a snapshot: the same items, O(1). */
    AppendOnly<T> share() {
        return new AppendOnly<>(items, size);
    }

    void add(T item) {
        if (!owner || size == items.length) {
            items = Arrays.copyOf(items, Math.max(4, size * 2));
            owner = true;
        }
        items[size++] = item;
    }

    @SuppressWarnings("unchecked")
    boolean removeIf(Predicate<? super T> filter) {
        Object[] kept = new Object[Math.max(4, items.length)];
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (!filter.test((T) items[i])) {
                kept[n++] = items[i];
            }
        }
        if (n == size) {
            return false;
        }
        items = kept; // a fresh array: a share still sees the old one whole
        size = n;
        owner = true;
        return true;
    }

    boolean contains(T item) {
        for (int i = 0; i < size; i++) {
            if (items[i].equals(item)) {
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** An immutable view of the items now, O(1): later appends and removals do not show in it. */
    List<T> frozen() {
        Object[] array = items;
        int n = size;
        return new AbstractList<T>() {
            @Override
            @SuppressWarnings("unchecked")
            public T get(int index) {
                java.util.Objects.checkIndex(index, n);
                return (T) array[index];
            }

            @Override
            public int size() {
                return n;
            }
        };
    }
}
