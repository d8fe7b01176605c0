// An anonymous-struct union reused between phases: phase one writes two
// 16x16 tiles a and b by rows; phase two reads the whole storage as one flat
// array at permuted slots (slot i of flat is a's or b's element i).
// launch: rt5_44_union_phases 2 32x8
__global__ void rt5_44_union_phases(const int *in, int *out, int p) {
    __shared__ union {
        struct { float a[16][16]; float b[16][16]; } tiles;
        float flat[512];
    } smem;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    const int r = tid / 16, c = tid % 16;
    smem.tiles.a[r][c] = (float)(in[(blockIdx.x * 512 + tid) & 4095] & 255);
    smem.tiles.b[r][c] = (float)(in[(blockIdx.x * 512 + 256 + tid) & 4095] & 255);
    __syncthreads();
    const float t = smem.tiles.a[c][r] + 2.0f * smem.tiles.b[c][r];
    const float f = smem.flat[(tid * 17 + 5) & 511];
    out[blockIdx.x * 256 + tid] = __float_as_int(t * 256.0f + f);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_44_union_phases<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
