package lockstep.algorithms.session;

/** The ZooKeeper operations that pass the seam. */
public enum ZkOp {
    CREATE, DELETE, EXISTS, GET_DATA, GET_CHILDREN, SET_DATA, REMOVE_WATCHES
}
