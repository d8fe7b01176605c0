// A short tile read two elements at a time as an int over the flattened
// tile: the index (3t mod 512) crosses rows.
// launch: rt2_05_short_pairs_as_int 2 32x8
__global__ void rt2_05_short_pairs_as_int(const int *in, int *out, int p) {
    __shared__ short tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (short)(in[blockIdx.x * 1024 + j * 32 + tx] & 0x7fff);
    __syncthreads();
    const int *pairs = reinterpret_cast<const int *>(tile);
    out[blockIdx.x * 256 + tid] = pairs[(tid * 3) % 512] ^ tile[tx][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_05_short_pairs_as_int<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
