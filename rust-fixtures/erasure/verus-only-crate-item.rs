use vstd::prelude::*;

pub mod code {
    use vstd::prelude::*;
    verus! {
    #[cfg(verus_keep_ghost)]
    #[verifier::external_body]
    pub tracked struct Token {}

    impl Token {
        pub uninterp spec fn id(self) -> nat;
    }
    } // verus!
}
