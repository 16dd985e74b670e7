package lockstep.algorithms.network;

import java.nio.channels.SelectionKey;

/** What the network's selector thread calls when a registered channel is ready, and closes when handling it fails. */
interface Selectable {

    void ready(SelectionKey key);

    void close();
}
