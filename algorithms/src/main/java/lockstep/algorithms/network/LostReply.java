package lockstep.algorithms.network;

/**
 * A reply the network dropped on purpose (see {@link ClientLink#loseNextCreateReply()}): the server applied the
 * request and answered; the client never saw the answer and got a connection loss instead.
 *
 * @param client the link's client name
 * @param xid    the request's transaction id on its connection
 * @param opcode the request's ZooKeeper opcode ({@code ZooDefs.OpCode}: create 1, create2 15, createContainer 19,
 *               createTTL 21)
 * @param zxid   the zxid of the server's reply (the transaction that created the node, when {@code err} is 0)
 * @param err    the reply's error code (0 when the server applied the create, as {@code KeeperException.Code})
 */
public record LostReply(String client, int xid, int opcode, long zxid, int err) {
}
