// Vector loads from global (int4) scattered into four scalar tile elements,
// a restrict row pointer, and a const reference to the whole tile for the
// transposed read: in range.
// launch: rt119_k 2 8x32
__global__ void rt119_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 8 + tx;
    const int4 v = reinterpret_cast<const int4 *>(in)[blockIdx.x * 256 + tid];
    int *__restrict__ row = tile[ty];
    row[tx * 4 + 0] = v.x;
    row[tx * 4 + 1] = v.y;
    row[tx * 4 + 2] = v.z;
    row[tx * 4 + 3] = v.w;
    __syncthreads();
    const int (&ct)[32][32] = tile;
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc += ct[tx * 4 + k][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt119_k<<<2, dim3(8, 32)>>>(in, out, 0); }
#endif
