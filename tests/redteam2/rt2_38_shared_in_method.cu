// A __shared__ tile declared in a member function of a block-level class.
// launch: rt2_38_shared_in_method 2 32x8
struct BlockTranspose {
    int tx, ty;
    __device__ BlockTranspose() : tx(threadIdx.x), ty(threadIdx.y) {}
    __device__ float run(const int *g) const {
        __shared__ float tile[32][32];
        for (int j = ty; j < 32; j += 8)
            tile[j][tx] = (float)(g[j * 32 + tx] & 4095);
        __syncthreads();
        return tile[tx][ty] * 2.0f + tile[tx][(ty + 8) & 31];
    }
};
__global__ void rt2_38_shared_in_method(const int *in, int *out, int p) {
    BlockTranspose t;
    out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = __float_as_int(t.run(in + blockIdx.x * 1024));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_38_shared_in_method<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
