// A __shared__ tile declared inside a device lambda, transposed through it.
// launch: rt2_37_shared_in_lambda 2 32x8
__global__ void rt2_37_shared_in_lambda(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    auto transpose = [&](const int *g) {
        __shared__ float tile[32][32];
        for (int j = ty; j < 32; j += 8)
            tile[j][tx] = (float)(g[j * 32 + tx] & 4095);
        __syncthreads();
        const float *flat = &tile[0][0];
        return tile[tx][ty] + flat[tid + 32];
    };
    out[blockIdx.x * 256 + tid] = __float_as_int(transpose(in + blockIdx.x * 1024));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_37_shared_in_lambda<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
