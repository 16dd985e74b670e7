package lockstep.algorithms.session;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;

/**
 * A ZooKeeper digest identity ({@code user:password}) for an external ensemble, or {@link #NONE}. Sessions that carry
 * one authenticate with it and create every node with the creator-all ACL, so another user of a shared ensemble
 * cannot read, change or delete them. The password never leaves this class except to ZooKeeper:
 * {@link #toString()} names the user only.
 */
public final class Credentials {

    /** No authentication: nodes are open to everyone, as on an embedded server. */
    public static final Credentials NONE = new Credentials(null);

    private final String userColonPassword;

    private Credentials(String userColonPassword) {
        this.userColonPassword = userColonPassword;
    }

    /**
     * {@code user:password}, as ZooKeeper's digest scheme takes it.
     *
     * @throws IllegalArgumentException (naming no part of the secret) if it is not of that form
     */
    public static Credentials digest(String userColonPassword) {
        int colon = userColonPassword == null ? -1 : userColonPassword.indexOf(':');
        if (colon <= 0 || colon == userColonPassword.length() - 1) {
            throw new IllegalArgumentException("expected user:password");
        }
        return new Credentials(userColonPassword);
    }

    public boolean isPresent() {
        return userColonPassword != null;
    }

    /** The user's name, "" for none. */
    public String user() {
        return userColonPassword == null ? "" : userColonPassword.substring(0, userColonPassword.indexOf(':'));
    }

    /**
     * Whether {@code id} (an ACL entry's identity) is this one: the digest scheme, this user, this password's hash.
     * Compares without showing either side.
     */
    public boolean isTheIdentity(org.apache.zookeeper.data.Id id) {
        if (userColonPassword == null || !id.getScheme().equals("digest")) {
            return false;
        }
        try {
            return org.apache.zookeeper.server.auth.DigestAuthenticationProvider.generateDigest(userColonPassword)
                    .equals(id.getId());
        } catch (java.security.NoSuchAlgorithmException noSha1) {
            return false;
        }
    }

    /** Adds the identity to a session (sent at every connect); does nothing for {@link #NONE}. */
    public void authenticate(org.apache.zookeeper.ZooKeeper zk) {
        if (userColonPassword != null) {
            zk.addAuthInfo("digest", userColonPassword.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The ACL nodes get: creator-all with an identity, the ACL asked for without. */
    public List<ACL> acl(List<ACL> asked) {
        return userColonPassword == null ? asked : ZooDefs.Ids.CREATOR_ALL_ACL;
    }

    @Override
    public String toString() {
        return userColonPassword == null ? "no credentials" : "digest credentials of " + user();
    }
}
