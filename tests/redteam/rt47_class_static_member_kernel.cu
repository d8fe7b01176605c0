// A struct whose static __device__ member function owns the shared tile,
// the block shape from the struct's constexpr members, launched from a
// class method; reads in range: legal.
// launch: rt47_k 2 32x8
struct TransposeOp {
    static constexpr int TX = 32, TY = 8;
    __device__ static int apply(const int *src, int tx, int ty) {
        __shared__ int tile[32][32];
        for (int j = ty; j < 32; j += TY) tile[j][tx] = src[j * 32 + tx];
        __syncthreads();
        int acc = 0;
        for (int j = ty; j < 32; j += TY) acc += tile[tx][j] * (j + 1);
        return acc;
    }
};
__global__ void rt47_k(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y;
    out[blockIdx.x * 256 + ty * 32 + tx] = TransposeOp::apply(in + blockIdx.x * 1024, tx, ty);
}
#ifdef __CUDACC__
struct Runner {
    void operator()(const int *in, int *out) const { rt47_k<<<2, dim3(TransposeOp::TX, TransposeOp::TY)>>>(in, out, 0); }
};
void launch(const int *in, int *out) { Runner{}(in, out); }
#endif
